/**
 * Issue 14's figures for `npm run bench` (or only these: `npm run bench -- alerts`), both on the
 * PostgreSQL that BENCH_DATABASE_URL names: one evaluation run over 1,000 active alerts on
 * 1,000,000 messages (budget 5 s), and the time from a message becoming overdue to its
 * notification reaching an SMTP server at the default interval (budget 60 s).
 */
import { readFile } from 'node:fs/promises';
import { evaluateAlerts } from '../server/alerts/evaluate';
import { sql } from '../server/db/sql';
import type { Db } from '../server/db/types';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';
import { alertLatency } from './bench-alert-latency';
import { recreateAlerts, removeAlerts } from './bench-alert-data';
import { BENCH_END, openBenchWorkspace, type BenchWorkspace } from './bench-workspace';

const MESSAGES = 1_000_000;
const ALERTS = 1000;
const STEADY_RUNS = 5;
const MINUTE = 60_000;
/**
 * The evaluation clock: the first business afternoon after the mail ends (BENCH_END, a Monday,
 * 15:00 in Madrid), so Friday's and the week's unreplied mail crosses its gaps in these minutes.
 */
const EVALUATED_AT = Date.parse(`${BENCH_END}T14:00:00Z`);

const loadAverage = async () =>
  `load ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timedRun(db: Db, at: number) {
  const start = performance.now();
  const result = await evaluateAlerts(db, `bench:${at}`, new Date(at));
  return { ms: performance.now() - start, result, load: await loadAverage() };
}

/** The message count, with the statistics built first when the database has none yet. */
async function prepare(bench: BenchWorkspace): Promise<string> {
  const { db, workspaceId } = bench;
  const [row] = await db.query<{ generation: number | null; messages: number }>(
    `select (select current_generation from stats_state where workspace_id = $1) as generation,
            (select count(*) from messages where workspace_id = $1)::int as messages`,
    [workspaceId],
  );
  const messages = row?.messages ?? 0;
  let stats = 'statistics kept';
  if (row?.generation == null) {
    const start = performance.now();
    await rebuildWorkspaceStats(db, workspaceId);
    stats = `statistics built in ${seconds(performance.now() - start)}`;
  }
  return `${messages.toLocaleString('en')} messages in ${bench.mailboxIds.length} mailboxes (${stats})`;
}

/** Every 12th day over the two years of mail and the year after it: about 30 a year. */
const HOLIDAYS = sql`generate_series(${BENCH_END}::date - 729, ${BENCH_END}::date + 365, interval '12 days')`;

/**
 * Runs `fn` with company holidays in the current generation's business time, as a rebuild after
 * adding them would put them (the company hours' calendar and its closed days), then takes them
 * out again: the rebuild's own cost with holidays is the statistics bench's figure.
 */
async function withHolidays<T>(bench: BenchWorkspace, fn: (count: number) => Promise<T>) {
  const { db, workspaceId: id } = bench;
  const generation = sql`(select current_generation from stats_state where workspace_id = ${id})`;
  const [marked] = await db.query<{ n: number }>(sql`
    with sets as (update stats_hour_sets set calendar = 'bench-holidays'
                  where workspace_id = ${id} and generation = ${generation}
                    and calendar is null and not all_time returning 1),
         days as (insert into stats_closed_days (workspace_id, generation, calendar, day)
                  select ${id}, ${generation}, 'bench-holidays', d::date from ${HOLIDAYS} d
                  returning 1)
    select (select count(*) from days)::int as n, (select count(*) from sets)::int as sets`);
  try {
    return await fn(marked?.n ?? 0);
  } finally {
    await db.query(sql`update stats_hour_sets set calendar = null
      where workspace_id = ${id} and calendar = 'bench-holidays'`);
    await db.query(sql`delete from stats_closed_days
      where workspace_id = ${id} and calendar = 'bench-holidays'`);
  }
}

/** The median of STEADY_RUNS runs a minute apart from `from`, with a line per run. */
async function steadyRuns(db: Db, from: number, lines: string[]) {
  const runs = [];
  for (let i = 1; i <= STEADY_RUNS; i += 1) {
    const run = await timedRun(db, from + i * MINUTE);
    runs.push(run);
    lines.push(
      `  run ${i} a minute later: ${seconds(run.ms)}, ${run.result.alerts} alerts, ` +
        `${run.result.notified} newly overdue messages told (${run.load})`,
    );
  }
  const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
  const found = runs.some((run) => run.result.notified > 0) ? 'found' : 'did not find';
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, found };
}

/**
 * The 1,000 alerts are recreated (watching since up to 90 days before), then evaluated at
 * EVALUATED_AT: the first run tells everything overdue in their windows at once (as after an
 * outage), the next ones, a minute apart, what became overdue in that minute.
 */
async function evaluationTimings(bench: BenchWorkspace, openMs: number): Promise<string[]> {
  const { db } = bench;
  const lines = [
    `workspace: ${await prepare(bench)}; mailpulse_bench_${MESSAGES} opened in ${seconds(openMs)}`,
  ];
  await recreateAlerts(db, bench, ALERTS, EVALUATED_AT);
  await db.query(`analyze alerts, alert_mailboxes`);
  const first = await timedRun(db, EVALUATED_AT);
  lines.push(
    `first run after creating ${ALERTS} alerts: ${seconds(first.ms)}, ${first.result.alerts} ` +
      `alerts, ${first.result.notified} overdue messages told (${first.load})`,
  );
  const { median, found } = await steadyRuns(db, EVALUATED_AT, lines);
  lines.push(
    `one evaluation run over ${ALERTS} alerts on ${MESSAGES.toLocaleString('en')} messages: ` +
      `${seconds(median)} median of ${STEADY_RUNS} (budget 5 s); the runs ${found} overdue messages`,
  );
  const later = EVALUATED_AT + (STEADY_RUNS + 1) * MINUTE;
  await withHolidays(bench, async (count) => {
    lines.push(`with ${count} company holidays (about 30 a year) in the business time:`);
    const withThem = await steadyRuns(db, later, lines);
    lines.push(
      `one evaluation run over ${ALERTS} alerts with holidays: ${seconds(withThem.median)} ` +
        `median of ${STEADY_RUNS} (budget 5 s); the runs ${withThem.found} overdue messages`,
    );
  });
  return lines;
}

/** Both figures, or why they were skipped. */
export async function alertTimings(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return ['skipped: set BENCH_DATABASE_URL (e.g. from scripts/start-postgres.sh)'];
  }
  const start = performance.now();
  const bench = await openBenchWorkspace(MESSAGES, { adminUrl, keep: true });
  const openMs = performance.now() - start;
  let lines: string[];
  try {
    lines = await evaluationTimings(bench, openMs);
  } finally {
    await removeAlerts(bench.db, bench.workspaceId);
    await bench.close();
  }
  return [...lines, ...(await alertLatency(adminUrl, loadAverage))];
}
