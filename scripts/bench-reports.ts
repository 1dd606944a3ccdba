/**
 * Issue 25's figures for `npm run bench` (or only these: `npm run bench -- reports`), on the
 * PostgreSQL bench workspace of 1,000,000 messages that BENCH_DATABASE_URL names: the time to
 * render and queue the weekly reports of 1,000 subscribers at Monday 08:00 (budget 60 s, all in
 * the outbox before 08:01), and one report's render time (budget 200 ms). The subscribers are
 * made for the run and removed after it, so the kept database stays as built.
 */
import { readFile } from 'node:fs/promises';
import { sql } from '../server/db/sql';
import type { Db } from '../server/db/types';
import { findRecord } from '../server/repos/reports';
import { periodsOfSendDate } from '../server/reports/figures';
import { queueDueReports } from '../server/reports/queue';
import { renderReport } from '../server/reports/render';
import {
  BENCH_DOMAIN,
  BENCH_END,
  openBenchWorkspace,
  type BenchWorkspace,
} from './bench-workspace';

const MESSAGES = 1_000_000;
const SUBSCRIBERS = 1000;
const ADMINS = 100;
const RENDERS = 5;
/** BENCH_END is a Monday: its weekly reports cover the week before, due at 08:00 Madrid (CET). */
const SEND_AT = new Date(`${BENCH_END}T07:00:00Z`);
const PUBLIC_URL = 'https://mailpulse.example';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const loadAverage = async () =>
  `load ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`;

const OTHERS = `report-bench-%@${BENCH_DOMAIN}`;
const VIEWER_NAME = 'Report bench viewer';

/** The bench's users; their subscriptions, ledger rows and queued reports go with them. */
async function removeSubscribers(db: Db, workspaceId: number): Promise<void> {
  await db.query(sql`delete from users where workspace_id = ${workspaceId}
    and (email like ${OTHERS} or full_name = ${VIEWER_NAME})`);
}

/**
 * 1,000 weekly subscribers as a company has them: a viewer per mailbox (her own), 100 admins
 * (every mailbox), and managers granted one to three mailboxes each; all due at SEND_AT.
 */
async function addSubscribers(bench: BenchWorkspace): Promise<void> {
  const { db, workspaceId, mailboxIds } = bench;
  await removeSubscribers(db, workspaceId);
  await db.transaction(async (tx) => {
    await tx.query(sql`
      insert into users (workspace_id, email, full_name, role)
      select ${workspaceId}, m.email, ${VIEWER_NAME}, 'viewer'
        from mailboxes m
       where m.workspace_id = ${workspaceId}
         and not exists (select 1 from users u where lower(u.email) = lower(m.email))`);
    await tx.query(sql`
      insert into users (workspace_id, email, full_name, role)
      select ${workspaceId}, format('report-bench-%s@%s', i, ${BENCH_DOMAIN}::text), 'Report bench',
             case when i <= ${ADMINS}::int then 'admin' else 'manager' end
        from generate_series(1, ${SUBSCRIBERS - mailboxIds.length}::int) i`);
    await tx.query(sql`
      insert into manager_mailboxes (workspace_id, user_id, mailbox_id)
      select distinct u.workspace_id, u.user_id,
             (${mailboxIds}::int[])[1 + (u.user_id * 7 + k * 13) % ${mailboxIds.length}::int]
        from users u cross join generate_series(0, 2) k
       where u.workspace_id = ${workspaceId} and u.role = 'manager'
         and u.email like ${OTHERS} and k <= u.user_id % 3`);
    await tx.query(sql`
      insert into report_subscriptions (workspace_id, user_id, frequency, last_send_date)
      select u.workspace_id, u.user_id, 'weekly', ${BENCH_END}::date - 7
        from users u
       where u.workspace_id = ${workspaceId}
         and (u.email like ${OTHERS} or u.full_name = ${VIEWER_NAME})`);
  });
  await db.query(sql`analyze users, manager_mailboxes, report_subscriptions`);
}

/** One admin's report (every mailbox), rendered RENDERS times after a first that loads React Email. */
async function renderTimings(bench: BenchWorkspace): Promise<string> {
  const { db, workspaceId } = bench;
  const [admin] = await db.query<{ subscription_id: number }>(sql`
    select s.subscription_id from report_subscriptions s
      join users u on u.workspace_id = s.workspace_id and u.user_id = s.user_id
     where s.workspace_id = ${workspaceId} and u.role = 'admin' order by 1 limit 1`);
  const record = admin && (await findRecord(db, workspaceId, admin.subscription_id));
  if (!record) throw new Error('no admin subscription');
  const periods = await periodsOfSendDate(db, 'weekly', BENCH_END);
  const render = () =>
    renderReport(db, record, periods, { publicUrl: PUBLIC_URL, now: SEND_AT, onDemand: false });
  await render();
  const times: number[] = [];
  for (let i = 0; i < RENDERS; i += 1) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  const median = times.sort((a, b) => a - b)[Math.floor(RENDERS / 2)] ?? 0;
  return `one report rendered (an admin's, ${bench.mailboxIds.length} mailboxes): ${median.toFixed(0)} ms median of ${RENDERS} (budget 200 ms; ${await loadAverage()})`;
}

async function queueTimings(bench: BenchWorkspace): Promise<string[]> {
  const start = performance.now();
  const result = await queueDueReports(bench.db, {
    owner: 'bench',
    now: SEND_AT,
    publicUrl: PUBLIC_URL,
  });
  const ms = performance.now() - start;
  const [outbox] = await bench.db.query<{ queued: number }>(sql`
    select count(*)::int as queued from outbound_requests
     where workspace_id = ${bench.workspaceId} and kind = 'report_email'`);
  return [
    `weekly reports of ${SUBSCRIBERS} subscribers on ${MESSAGES.toLocaleString('en')} messages rendered and queued: ${seconds(ms)} (budget 60 s); ` +
      `${result.queued} queued, ${result.skipped} skipped, ${result.failed} failed, ${outbox?.queued ?? 0} in the outbox (${await loadAverage()})`,
  ];
}

/** Both figures, or why they were skipped. */
export async function reportTimings(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return ['skipped: set BENCH_DATABASE_URL (e.g. from scripts/start-postgres.sh)'];
  const bench = await openBenchWorkspace(MESSAGES, { adminUrl, keep: true });
  try {
    await addSubscribers(bench);
    const lines = await queueTimings(bench);
    lines.push(await renderTimings(bench));
    return lines;
  } finally {
    await removeSubscribers(bench.db, bench.workspaceId);
    await bench.close();
  }
}
