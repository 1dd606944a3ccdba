/**
 * `npm run bench`: front-end figures measured against the real server on a fresh seeded
 * database in Debian's Chromium, and the server's own reply time for a large list. Prints
 * figures only; budgets are printed (the first visits' JavaScript budgets are also held by
 * test/browser/first-load.spec.ts, as bytes do not vary by machine).
 * To add a figure, append a Measurement to MEASUREMENTS: it gets a browser and the server
 * and returns the lines it wants printed.
 */
import '../server/production-mode';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/browser/support/chromium';
import { dashboardReady, firstLoadJs, loginReady } from '../test/browser/support/first-load';
import {
  clientDir,
  createTemplate,
  repoRoot,
  scratchDir,
  serverBundle,
  startFreshServer,
  type RunningServer,
} from '../test/browser/support/server';
import { demoLink } from '../test/browser/support/sign-in';
import { alertTimings } from './bench-alerts';
import { auditTimings } from './bench-audit';
import { reportTimings } from './bench-reports';
import { gmailSyncTimings } from './bench-gmail-sync';
import { graphSyncTimings } from './bench-graph-sync';
import { imapSyncTimings } from './bench-imap-sync';
import { dashboardTimings } from './bench-dashboard';
import { serverTimings } from './bench-server';
import { statsTimings } from './bench-stats';
import { fiftyTimings } from './bench-fifty';
import { loadTimings } from './bench-load';
import { tableTimings } from './bench-tables';

interface BenchContext {
  browser: Browser;
  baseURL: string;
  server: RunningServer;
}

interface Measurement {
  name: string;
  run(context: BenchContext): Promise<string[]>;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

interface FirstVisit {
  /** What the figure is called in the output, e.g. `/login`. */
  label: string;
  /** Where the browser goes first (a page, or a sign-in link that redirects to one). */
  url: string;
  budgetKb?: number;
  /** Chunks this visit should not load, named for the output (printed, never enforced). */
  absent?: { name: string; pattern: RegExp };
  /** Resolves once the page shows what a visitor came for. */
  ready: (page: Page) => Promise<void>;
}

/** Every JavaScript file a first visit (fresh context, empty cache) loads, with its gzip size. */
async function firstVisitJs(context: BenchContext, visit: FirstVisit) {
  const browserContext = await context.browser.newContext({ baseURL: context.baseURL });
  try {
    const files = await firstLoadJs(await browserContext.newPage(), visit.url, visit.ready);
    const width = Math.max(4, ...files.map((file) => file.url.length));
    const lines = [`${'file'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`];
    for (const file of files) {
      lines.push(
        `${file.url.padEnd(width)}  ${kB(file.raw).padStart(8)}  ${kB(file.gzip).padStart(8)}`,
      );
    }
    const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0);
    const budget = visit.budgetKb === undefined ? 'no budget' : `budget ${visit.budgetKb} kB`;
    if (visit.absent) {
      const { name, pattern } = visit.absent;
      const loaded = files.filter((file) => pattern.test(file.url)).map((file) => file.url);
      lines.push(`${name} loaded: ${loaded.length === 0 ? 'none' : loaded.join(', ')}`);
    }
    lines.push(`first visit ${visit.label}: JS gzip ${kB(totalGzip)} kB (${budget})`);
    return lines;
  } finally {
    await browserContext.close();
  }
}

// Its own template, so a bench never races a browser-test run for the shared one.
const BENCH_TEMPLATE = resolve(scratchDir, 'bench-template-db');

const REPORTS_NAME =
  'scheduled reports (PostgreSQL with BENCH_DATABASE_URL: 1,000 weekly subscribers on 1,000,000 messages)';

const AUDIT_NAME =
  'audit log: a settings write with and without it (PGlite; PostgreSQL and audit:verify over 1,000,000 entries with BENCH_DATABASE_URL)';

const ALERTS_NAME =
  'alert engine (PostgreSQL with BENCH_DATABASE_URL: 1,000 alerts on 1,000,000 messages; overdue to SMTP)';

const SYNC_NAMES = {
  gmail: 'Gmail sync, 10,000 messages paced under the per-user quota (about four minutes)',
  graph: 'Graph sync, 12,000 messages in one folder',
  imap: 'IMAP sync from Dovecot, 10,000 and 100,000 messages, peak memory of each (own processes)',
};

const MEASUREMENTS: Measurement[] = [
  {
    name: 'first visit /login',
    run: (context) =>
      firstVisitJs(context, {
        label: '/login',
        url: '/login',
        budgetKb: 110,
        // A page load of /login runs the login page's own host (docs/architecture.md).
        absent: { name: 'router app chunks', pattern: /\/assets\/(router|app)-[\w-]+\.js$/ },
        ready: loginReady,
      }),
  },
  {
    name: 'first load of /dashboard after demo sign-in (admin)',
    run: async (context) =>
      firstVisitJs(context, {
        label: '/dashboard',
        url: await demoLink(context.server, 'admin'),
        // The native dashboard with its charts: tiles with numbers, then uPlot's canvas.
        budgetKb: 170,
        ready: dashboardReady,
      }),
  },
  {
    name: 'native dashboard timings (demo workspace with its whole history, own server)',
    run: (context) => dashboardTimings(context.browser, scratchDir),
  },
  {
    name: 'users table with 5,000 users (own server)',
    run: (context) => tableTimings(context.browser, BENCH_TEMPLATE),
  },
  {
    name: 'users list with 5,000 users (server, embedded database)',
    run: () => serverTimings(scratchDir),
  },
  {
    name: SYNC_NAMES.gmail,
    run: () => gmailSyncTimings(scratchDir),
  },
  {
    name: SYNC_NAMES.graph,
    run: () => graphSyncTimings(scratchDir),
  },
  {
    name: 'statistics engine (PGlite 100,000 messages; PostgreSQL 1,000,000 with BENCH_DATABASE_URL)',
    run: () => statsTimings(),
  },
  {
    name: ALERTS_NAME,
    run: () => alertTimings(),
  },
  {
    name: REPORTS_NAME,
    run: () => reportTimings(),
  },
  {
    name: AUDIT_NAME,
    run: () => auditTimings(),
  },
  {
    name: 'users list under load, 50 connections (embedded database and PostgreSQL)',
    run: () => loadTimings(scratchDir),
  },
  {
    name: 'fifty people open the dashboard; statistics under 50 connections (embedded database; PostgreSQL with BENCH_DATABASE_URL)',
    run: (context) => fiftyTimings(context.browser, scratchDir, BENCH_TEMPLATE),
  },
];

function buildIfMissing(): void {
  if (existsSync(resolve(clientDir, 'index.html')) && existsSync(serverBundle)) return;
  console.log('dist/client or dist/server is missing: building them');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

async function main(): Promise<void> {
  // `npm run bench -- alerts`: the alert engine's figures alone (no browser, no server).
  if (process.argv[2] === 'alerts') {
    console.log(`\n== ${ALERTS_NAME} ==`);
    for (const line of await alertTimings()) console.log(line);
    return;
  }
  // `npm run bench -- reports`: the report scheduler's figures alone.
  if (process.argv[2] === 'reports') {
    console.log(`\n== ${REPORTS_NAME} ==`);
    for (const line of await reportTimings()) console.log(line);
    return;
  }
  // `npm run bench -- audit`: the audit log's figures alone.
  if (process.argv[2] === 'audit') {
    console.log(`\n== ${AUDIT_NAME} ==`);
    for (const line of await auditTimings()) console.log(line);
    return;
  }
  // `npm run bench -- sync`: the Gmail and Graph sync figures alone (no browser, no server).
  if (process.argv[2] === 'sync') {
    console.log(`\n== ${SYNC_NAMES.gmail} ==`);
    for (const line of await gmailSyncTimings(scratchDir)) console.log(line);
    console.log(`\n== ${SYNC_NAMES.graph} ==`);
    for (const line of await graphSyncTimings(scratchDir)) console.log(line);
    console.log(`\n== ${SYNC_NAMES.imap} ==`);
    await imapSyncTimings((line) => console.log(line));
    return;
  }
  // `npm run bench -- users`: only the figures whose heading names it (the users table, the
  // list and the list under load), for quoting several runs of one figure.
  const only = process.argv[2];
  const measurements = only ? MEASUREMENTS.filter((m) => m.name.includes(only)) : MEASUREMENTS;
  const imapOnly = only !== undefined && SYNC_NAMES.imap.includes(only);
  if (measurements.length === 0 && !imapOnly) {
    throw new Error(`No figure's heading contains "${only}"`);
  }
  buildIfMissing();
  await createTemplate(BENCH_TEMPLATE);
  const server = await startFreshServer('bench', BENCH_TEMPLATE);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const measurement of measurements) {
      console.log(`\n== ${measurement.name} ==`);
      const lines = await measurement.run({ browser, baseURL: server.url, server });
      for (const line of lines) console.log(line);
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(BENCH_TEMPLATE, { recursive: true, force: true });
  }
  // Its syncs run in processes of their own, so their peak memory is theirs.
  if (!only || imapOnly) {
    console.log(`\n== ${SYNC_NAMES.imap} ==`);
    await imapSyncTimings((line) => console.log(line));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
