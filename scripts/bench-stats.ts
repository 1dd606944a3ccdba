/**
 * Issue 12's figures for `npm run bench`: the statistics engine on a large workspace, built by one
 * set-based insert of generated messages (threads of inbound and outbound mail over two years,
 * some unanswered, automated or internal) until the demo generator replaces it. PGlite always
 * (100,000 messages); PostgreSQL too when BENCH_DATABASE_URL names a server whose user may create
 * databases (1,000,000 messages, in a scratch database dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Db, DatabaseOptions } from '../server/db/types';
import { replaceCompanyHours } from '../server/repos/business-hours';
import { createWorkspace } from '../server/repos/workspaces';
import { breakdown, summary } from '../server/stats/figures';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';
import type { StatsScope } from '../server/stats/scope';
import { refreshThreadFacts } from '../server/stats/thread-facts';

const MAILBOXES = 50;
const SAMPLES = 15;
const END = '2026-11-23';

/** A workspace with Madrid hours and 50 mailboxes; `messages` generated in one statement. */

async function seed(db: Db, messages: number): Promise<{ id: number; mailboxIds: number[] }> {
  return db.transaction(async (tx) => {
    const { workspace_id: id } = await createWorkspace(tx, {
      client_name: 'Stats bench',
      allowed_domains: ['bench.example'],
      provider: 'G',
      max_mailboxes: MAILBOXES,
      max_users: 5,
      max_alerts: 5,
    });
    await replaceCompanyHours(tx, id, {
      timezone: 'Europe/Madrid',
      business_hours: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((weekday) => ({
        weekday: weekday as 'Mon',
        start_time: '09:00:00',
        end_time: '17:30:00',
      })),
    });
    const boxes = await tx.query<{ mailbox_id: number }>(
      `insert into mailboxes (workspace_id, email, status)
       select $1, 'desk' || i || '@bench.example', 'working' from generate_series(1, $2::int) i
       returning mailbox_id`,
      [id, MAILBOXES],
    );
    // Four messages a thread (in, out, in, out) spread over two years; every tenth thread is
    // never answered, every seventeenth is bulk mail, every twenty-third internal.
    await tx.query(
      `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
         folder, from_address, to_addresses, subject, precedence)
       select $1, mb.ids[1 + (th % $3::int)], 'b' || i, 't' || th,
              case when k % 2 = 0 or th % 10 = 0 then 'inbound' else 'outbound' end,
              $4::timestamptz - interval '730 days' * (th::float8 / ($2::int / 4))
                + interval '1 second' * (k * ((th * 7919) % 30000)),
              'INBOX',
              case when k % 2 = 0 or th % 10 = 0
                   then (case when th % 23 = 0 then 'colleague' else 'customer' || (th % 997) end)
                        || '@' || (case when th % 23 = 0 then 'bench' else 'client' || (th % 89) end)
                        || '.example'
                   else 'desk' || (1 + th % $3::int) || '@bench.example' end,
              array['desk' || (1 + th % $3::int) || '@bench.example',
                    'customer' || (th % 997) || '@client' || (th % 89) || '.example'],
              'Question ' || th, case when th % 17 = 0 then 'bulk' end
         from generate_series(0, $2::int - 1) i
         cross join lateral (select i / 4 as th, i % 4 as k) x
         cross join (select array_agg(mailbox_id order by mailbox_id) as ids
                       from mailboxes where workspace_id = $1) mb`,
      [id, messages, MAILBOXES, `${END}T18:00:00Z`],
    );
    return { id, mailboxIds: boxes.map((box) => box.mailbox_id) };
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function medianOf(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push(await timed(fn));
  return median(times);
}

const daysBefore = (days: number) =>
  new Date(Date.parse(`${END}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

interface Budgets {
  summary30: number;
  summaryAll: number;
  rebuildS: number;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** The figures on one database: rebuild once, then medians of repeated reads and updates. */
async function measure(db: Db, label: string, messages: number, budgets: Budgets) {
  const lines: string[] = [];
  let seeded = { id: 0, mailboxIds: [] as number[] };
  const seedMs = await timed(async () => {
    seeded = await seed(db, messages);
  });
  const { id, mailboxIds } = seeded;
  const print = (line: string) => lines.push(`${label}: ${line}`);
  print(`${messages.toLocaleString('en')} messages generated in ${(seedMs / 1000).toFixed(1)} s`);
  const rebuildMs = await timed(() => rebuildWorkspaceStats(db, id));
  print(`full rebuild ${(rebuildMs / 1000).toFixed(1)} s (budget ${budgets.rebuildS} s)`);
  const scope = (days: number): StatsScope => ({
    workspaceId: id,
    from: daysBefore(days - 1),
    to: END,
    mailboxIds,
    groupIds: null,
  });
  const s30 = await medianOf(() => db.transaction((tx) => summary(tx, scope(30), 7200)));
  print(`summary 30 days ${ms(s30)} median (budget ${budgets.summary30} ms)`);
  const sAll = await medianOf(() => db.transaction((tx) => summary(tx, scope(730), 7200)));
  print(`summary all history ${ms(sAll)} median (budget ${budgets.summaryAll} ms)`);
  const b90 = await medianOf(() =>
    db.transaction((tx) => breakdown(tx, scope(90), 'mailbox', 7200)),
  );
  print(`breakdown by mailbox 90 days ${ms(b90)} median (budget 300 ms)`);
  const mailboxId = mailboxIds[1] ?? 0;
  let n = 0;
  const update = await medianOf(() =>
    db.transaction(async (tx) => {
      n += 1;
      await tx.query(
        `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction,
           sent_at, from_address, to_addresses)
         values ($1, $2, $3, 't1', 'outbound', $4, 'desk2@bench.example',
                 array['customer1@client1.example'])`,
        [id, mailboxId, `late-${n}`, `${END}T17:00:00Z`],
      );
      await refreshThreadFacts(tx, id, mailboxId, ['t1']);
    }),
  );
  print(`per-thread update after one new message ${ms(update)} median (budget 50 ms)`);
  return lines;
}

async function withDatabase<T>(options: DatabaseOptions, fn: (db: Db) => Promise<T>) {
  const db = await openDatabase(options);
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** A scratch PostgreSQL database on the server of `adminUrl`, dropped afterwards. */
async function withScratchPostgres<T>(adminUrl: string, fn: (url: string) => Promise<T>) {
  const name = `mailpulse_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin(`drop database ${name}`);
  }
}

/** Every figure, PGlite first; PostgreSQL when BENCH_DATABASE_URL is set. */
export async function statsTimings(scratchDir: string): Promise<string[]> {
  const dataDir = resolve(scratchDir, 'bench-stats-db');
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const lines = await withDatabase({ dataDir }, (db) =>
    measure(db, 'PGlite', 100_000, { summary30: 200, summaryAll: 200, rebuildS: 30 }),
  ).finally(() => rm(dataDir, { recursive: true, force: true }));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return [
      ...lines,
      'PostgreSQL: skipped (set BENCH_DATABASE_URL, e.g. from scripts/start-postgres.sh)',
    ];
  }
  const postgres = await withScratchPostgres(adminUrl, (url) =>
    withDatabase({ databaseUrl: url, dataDir }, (db) =>
      measure(db, 'PostgreSQL', 1_000_000, { summary30: 100, summaryAll: 300, rebuildS: 60 }),
    ),
  );
  return [...lines, ...postgres];
}
