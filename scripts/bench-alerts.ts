/**
 * Issue 14's figures for `npm run bench` (or only these: `npm run bench -- alerts`), both on the
 * PostgreSQL that BENCH_DATABASE_URL names: one evaluation run over 1,000 active alerts on
 * 1,000,000 messages (budget 5 s), and the time from a message becoming overdue to its
 * notification reaching an SMTP server at the default interval (budget 60 s).
 */
import { readFile } from 'node:fs/promises';
import { evaluateAlerts } from '../server/alerts/evaluate';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import { alertLatency } from './bench-alert-latency';
import {
  ALERT_BENCH_DATABASE,
  MAIL_END,
  benchDatabaseUrl,
  benchWorkspace,
  recreateAlerts,
} from './bench-alert-data';

const ALERTS = 1000;
const STEADY_RUNS = 5;
const MINUTE = 60_000;

const loadAverage = async () =>
  `load ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timedRun(db: Db, at: number) {
  const start = performance.now();
  const result = await evaluateAlerts(db, `bench:${at}`, new Date(at));
  return { ms: performance.now() - start, result, load: await loadAverage() };
}

/**
 * The 1,000 alerts are recreated (watching since up to 90 days before), then evaluated at the
 * end of the generated mail: the first run tells everything overdue in their windows at once
 * (as after an outage), the next ones, a minute apart, what became overdue in that minute.
 */
async function evaluationTimings(db: Db, log: (line: string) => void): Promise<string[]> {
  const ws = await benchWorkspace(db, log);
  const lines: string[] = [];
  const built =
    ws.builtMs === null ? 'kept from an earlier run' : `built in ${seconds(ws.builtMs)}`;
  lines.push(
    `workspace: ${ws.messages.toLocaleString('en')} messages in ${ws.mailboxIds.length} mailboxes ` +
      `(database ${ALERT_BENCH_DATABASE}, ${built})`,
  );
  await recreateAlerts(db, ws, ALERTS);
  await db.query(`analyze alerts, alert_mailboxes`);
  const first = await timedRun(db, MAIL_END);
  lines.push(
    `first run after creating ${ALERTS} alerts: ${seconds(first.ms)}, ${first.result.alerts} ` +
      `alerts, ${first.result.notified} overdue messages told (${first.load})`,
  );
  const runs = [];
  for (let i = 1; i <= STEADY_RUNS; i += 1) {
    const run = await timedRun(db, MAIL_END + i * MINUTE);
    runs.push(run);
    lines.push(
      `  run ${i} a minute later: ${seconds(run.ms)}, ${run.result.alerts} alerts, ` +
        `${run.result.notified} newly overdue messages told (${run.load})`,
    );
  }
  const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const found = runs.some((run) => run.result.notified > 0) ? 'found' : 'did not find';
  lines.push(
    `one evaluation run over ${ALERTS} alerts on ${ws.messages.toLocaleString('en')} messages: ` +
      `${seconds(median)} median of ${STEADY_RUNS} (budget 5 s); the runs ${found} overdue messages`,
  );
  return lines;
}

/** Both figures, or why they were skipped. */
export async function alertTimings(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return ['skipped: set BENCH_DATABASE_URL (e.g. from scripts/start-postgres.sh)'];
  }
  const db = await openDatabase({ databaseUrl: await benchDatabaseUrl(adminUrl), dataDir: '' });
  let lines: string[];
  try {
    await migrate(db);
    lines = await evaluationTimings(db, (line) => console.log(line));
  } finally {
    await db.close();
  }
  return [...lines, ...(await alertLatency(adminUrl, loadAverage))];
}
