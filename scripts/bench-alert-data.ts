/**
 * The alert engine bench's data: a PostgreSQL database of about 1,000,000 messages from the demo
 * generator (the seed's generator and loader, so the senders, threads and unreplied share are
 * the demo's), kept between runs because building it takes minutes, and 1,000 alerts recreated
 * on every run over the generated senders.
 */
import pg from 'pg';
import type { Db } from '../server/db/types';
import { generateDemoMail } from '../server/mail/demo-generator';
import { insertDemoMail } from '../server/mail/demo-insert';
import { Rng, buildWorld } from '../server/mail/demo-world';
import { replaceCompanyHours } from '../server/repos/business-hours';
import { createWorkspace } from '../server/repos/workspaces';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';

/** The bench database on BENCH_DATABASE_URL's server; drop it to have it built again. */
export const ALERT_BENCH_DATABASE = 'mailpulse_bench_alerts';
/** Where the generated mail ends: a Tuesday, 15:00 in Madrid, inside business hours. */
export const MAIL_END = Date.parse('2026-11-24T14:00:00Z');
const DAYS = 730;
const MAILBOXES = 68;
const DOMAIN = 'bench.example';
const SEED = 20_261_124;
const TIMEZONE = 'Europe/Madrid';
const READY = 'Alerts bench';
const BUILDING = 'Alerts bench (building)';
const DAY_MS = 86_400_000;

export const adminQuery = async (adminUrl: string, sql: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
};

/** The bench database's URL, created (empty) when it does not exist yet. */
export async function benchDatabaseUrl(adminUrl: string): Promise<string> {
  const found = await adminQuery(adminUrl, `select 1 from pg_database where datname = $1`, [
    ALERT_BENCH_DATABASE,
  ]);
  if (found.length === 0) await adminQuery(adminUrl, `create database ${ALERT_BENCH_DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${ALERT_BENCH_DATABASE}`;
  return url.toString();
}

export interface BenchWorkspace {
  workspaceId: number;
  mailboxIds: number[];
  messages: number;
  /** How long building it took in this run; null when it was there already. */
  builtMs: number | null;
}

/** The workspace built by an earlier run, or a new one (an interrupted build is thrown away). */
export async function benchWorkspace(db: Db, log: (line: string) => void): Promise<BenchWorkspace> {
  const [ready] = await db.query<{ workspace_id: number }>(
    `select workspace_id from workspaces where client_name = $1`,
    [READY],
  );
  if (ready) return { ...(await describe(db, ready.workspace_id)), builtMs: null };
  await db.query(`delete from workspaces where client_name = $1`, [BUILDING]);
  const start = performance.now();
  const workspaceId = await build(db, log);
  return { ...(await describe(db, workspaceId)), builtMs: performance.now() - start };
}

async function describe(db: Db, workspaceId: number) {
  const [row] = await db.query<{ ids: number[]; messages: number }>(
    `select (select array_agg(mailbox_id order by mailbox_id) from mailboxes
              where workspace_id = $1) as ids,
            (select count(*) from messages where workspace_id = $1)::int as messages`,
    [workspaceId],
  );
  return { workspaceId, mailboxIds: row?.ids ?? [], messages: row?.messages ?? 0 };
}

async function build(db: Db, log: (line: string) => void): Promise<number> {
  const { workspaceId, mailboxes } = await db.transaction(async (tx) => {
    const { workspace_id: id } = await createWorkspace(tx, {
      client_name: BUILDING,
      allowed_domains: [DOMAIN],
      provider: 'G',
      max_mailboxes: MAILBOXES,
      max_users: 5,
      max_alerts: 1000,
    });
    await replaceCompanyHours(tx, id, {
      timezone: TIMEZONE,
      business_hours: (['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((weekday) => ({
        weekday,
        start_time: '09:00:00',
        end_time: '18:00:00',
      })),
    });
    const rows = await tx.query<{ mailbox_id: number; email: string }>(
      `insert into mailboxes (workspace_id, email, status)
       select $1, 'desk' || i || '@${DOMAIN}', 'working' from generate_series(1, $2::int) i
       returning mailbox_id, email`,
      [id, MAILBOXES],
    );
    return { workspaceId: id, mailboxes: rows };
  });
  const options = { seed: SEED, workspaceDomains: [DOMAIN], timezone: TIMEZONE };
  const range = { from: MAIL_END - DAYS * DAY_MS, to: MAIL_END };
  let total = 0;
  for (const mailbox of mailboxes) {
    const target = [{ mailboxId: mailbox.mailbox_id, email: mailbox.email }];
    total += await db.transaction((tx) =>
      insertDemoMail(tx, workspaceId, target, generateDemoMail(options, [mailbox.email], range)),
    );
  }
  log(`generated ${total.toLocaleString('en')} messages; rebuilding the statistics`);
  await db.query(`analyze messages`);
  await rebuildWorkspaceStats(db, workspaceId);
  await db.query(`update workspaces set client_name = $2 where workspace_id = $1`, [
    workspaceId,
    READY,
  ]);
  return workspaceId;
}

const GAPS = [30, 60, 60, 120, 120, 120, 240, 240, 480, 1440, 2880, 10_080];

interface AlertRow {
  name: string;
  gap: number;
  mailboxes: number[];
  addresses: string[];
  domains: string[];
  webhook: string | null;
  since: string;
}

/** 1,000 alerts as teams write them: a few key people or companies, on one desk, a few or all. */
function alertRows(mailboxIds: readonly number[], count: number): AlertRow[] {
  const rng = new Rng(SEED);
  const { companies } = buildWorld(SEED, DOMAIN);
  const people = companies.flatMap((company) => company.people.map((p) => p.address));
  const pickSome = <T>(items: readonly T[], n: number) =>
    [...new Set(Array.from({ length: n }, () => rng.pick(items)))] as T[];
  return Array.from({ length: count }, (_, i) => {
    const spread = rng.next();
    const boxes = spread < 0.6 ? 1 : spread < 0.9 ? rng.int(2, 5) : mailboxIds.length;
    const domains = pickSome(companies, rng.int(0, 3)).map((company) =>
      rng.next() < 0.15 ? `*.${company.domain}` : company.domain,
    );
    const addresses = pickSome(people, rng.int(domains.length === 0 ? 1 : 0, 4));
    return {
      name: `Bench alert ${i + 1}`,
      gap: rng.pick(GAPS),
      mailboxes: boxes === mailboxIds.length ? [...mailboxIds] : pickSome(mailboxIds, boxes),
      addresses,
      domains,
      webhook: rng.next() < 0.2 ? 'https://hooks.example/bench' : null,
      // Created or last resumed in the last 90 days.
      since: new Date(MAIL_END - rng.int(0, 90 * 24) * 3_600_000).toISOString(),
    };
  });
}

/** Replaces the workspace's alerts (and their notifications) with `count` fresh ones. */
export async function recreateAlerts(db: Db, ws: BenchWorkspace, count: number): Promise<void> {
  const rows = alertRows(ws.mailboxIds, count);
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from outbound_requests where workspace_id = $1 and alert_id is not null`,
      [ws.workspaceId],
    );
    await tx.query(`delete from alerts where workspace_id = $1`, [ws.workspaceId]);
    await tx.query(
      `with r as (
         select * from jsonb_to_recordset($2::jsonb) as r(name text, gap int, mailboxes int[],
           addresses text[], domains text[], webhook text, since timestamptz)
       ), a as (
         insert into alerts (workspace_id, name, minutes_gap, addresses, domains, notify_emails,
                             notify_webhook, created_by_email, watching_since)
         select $1, name, gap, addresses, domains, array['lead@${DOMAIN}'], webhook,
                'admin@${DOMAIN}', since from r
         returning alert_id, name)
       insert into alert_mailboxes (workspace_id, alert_id, mailbox_id)
       select $1, a.alert_id, unnest(r.mailboxes) from a join r using (name)`,
      [ws.workspaceId, JSON.stringify(rows)],
    );
  });
}
