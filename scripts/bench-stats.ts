/**
 * Issue 12's figures for `npm run bench`: the statistics engine on a workspace of demo mail built
 * by openBenchWorkspace (scripts/bench-workspace.ts). PGlite always (100,000 messages);
 * PostgreSQL too when BENCH_DATABASE_URL names a server whose user may create databases
 * (1,000,000 messages). BENCH_KEEP=1 keeps the built databases and reuses them on the next run.
 */
import { BENCH_END, openBenchWorkspace, type BenchWorkspace } from './bench-workspace';
import { breakdown, summary } from '../server/stats/figures';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';
import type { StatsScope } from '../server/stats/scope';
import { refreshThreadFacts } from '../server/stats/thread-facts';
import { sql } from '../server/db/sql';

const SAMPLES = 15;
// The last day of the bench's mail.
const END = new Date(Date.parse(`${BENCH_END}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

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

/** A thread of the mailbox with mail on its last day, for the per-thread update. */
async function lateThread(bench: BenchWorkspace, mailboxId: number) {
  const [row] = await bench.db.query<{ thread_key: string; email: string }>(
    `select m.thread_key, b.email from messages m
       join mailboxes b on b.workspace_id = m.workspace_id and b.mailbox_id = m.mailbox_id
      where m.workspace_id = $1 and m.mailbox_id = $2 order by m.sent_at desc limit 1`,
    [bench.workspaceId, mailboxId],
  );
  if (!row) throw new Error('the bench mailbox holds no mail');
  return row;
}

/** Median time of a new outbound message in a thread plus its refresh; removed again after. */
async function perThreadUpdate(bench: BenchWorkspace): Promise<number> {
  const { db, workspaceId: id } = bench;
  const mailboxId = bench.mailboxIds[1] ?? 0;
  const { thread_key: thread, email } = await lateThread(bench, mailboxId);
  let n = 0;
  const time = await medianOf(() =>
    db.transaction(async (tx) => {
      n += 1;
      await tx.query(
        `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction,
           sent_at, from_address, to_addresses)
         values ($1, $2, $3, $4, 'outbound', $5, $6, array['someone@client.example'])`,
        [id, mailboxId, `bench-late-${n}`, thread, `${END}T17:00:00Z`, email],
      );
      await refreshThreadFacts(tx, id, mailboxId, [thread]);
    }),
  );
  // A kept database stays as built.
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from messages where workspace_id = $1 and mailbox_id = $2
          and provider_id like 'bench-late-%'`,
      [id, mailboxId],
    );
    await refreshThreadFacts(tx, id, mailboxId, [thread]);
  });
  return time;
}

/**
 * The full rebuild without and with company holidays (every 12th day of the two years, about 30
 * a year), alternated twice and the faster of each kept; the holidays are removed after.
 */
export async function holidayRebuilds({ db, workspaceId: id }: BenchWorkspace) {
  const rebuild = () => timed(() => rebuildWorkspaceStats(db, id));
  const [without, withHolidays] = [[] as number[], [] as number[]];
  const holidays = sql`insert into company_holidays (workspace_id, first_date, last_date, name, source)
    select ${id}, d::date, d::date, 'Bench holiday', 'manual'
      from generate_series(${END}::date - 729, ${END}::date, interval '12 days') d`;
  const clear = sql`delete from company_holidays where workspace_id = ${id}`;
  try {
    for (let round = 0; round < 2; round += 1) {
      await db.query(clear);
      without.push(await rebuild());
      await db.query(holidays);
      withHolidays.push(await rebuild());
    }
  } finally {
    await db.query(clear);
  }
  const [a, b] = [Math.min(...without), Math.min(...withHolidays)];
  const [count] = await db.query<{ n: number }>(
    sql`select count(*)::int as n from generate_series(${END}::date - 729, ${END}::date, interval '12 days')`,
  );
  return [
    `full rebuild without holidays ${(a / 1000).toFixed(1)} s, with ${count?.n} holidays over two ` +
      `years ${(b / 1000).toFixed(1)} s: ${(((b - a) / a) * 100).toFixed(1)} % (budget +10 %)`,
  ];
}

/** The figures on one database: rebuild once, then medians of repeated reads and updates. */
async function measure(label: string, messages: number, budgets: Budgets, adminUrl?: string) {
  const lines: string[] = [];
  const print = (line: string) => lines.push(`${label}: ${line}`);
  let bench: BenchWorkspace | undefined;
  const openMs = await timed(async () => {
    bench = await openBenchWorkspace(messages, { adminUrl, keep: process.env.BENCH_KEEP === '1' });
  });
  if (!bench) throw new Error('no bench database');
  const { db, workspaceId: id, mailboxIds } = bench;
  try {
    print(
      `${messages.toLocaleString('en')} demo messages ready in ${(openMs / 1000).toFixed(1)} s`,
    );
    const rebuildMs = await timed(() => rebuildWorkspaceStats(db, id));
    print(`full rebuild ${(rebuildMs / 1000).toFixed(1)} s (budget ${budgets.rebuildS} s)`);
    for (const line of await holidayRebuilds(bench)) print(line);
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
    const update = await perThreadUpdate(bench);
    print(`per-thread update after one new message ${ms(update)} median (budget 50 ms)`);
  } finally {
    await bench.close();
  }
  return lines;
}

/** Every figure, PGlite first; PostgreSQL when BENCH_DATABASE_URL is set. */
export async function statsTimings(): Promise<string[]> {
  const lines = await measure('PGlite', 100_000, { summary30: 200, summaryAll: 200, rebuildS: 30 });
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return [
      ...lines,
      'PostgreSQL: skipped (set BENCH_DATABASE_URL, e.g. from scripts/start-postgres.sh)',
    ];
  }
  const postgres = await measure(
    'PostgreSQL',
    1_000_000,
    { summary30: 100, summaryAll: 300, rebuildS: 60 },
    adminUrl,
  );
  return [...lines, ...postgres];
}
