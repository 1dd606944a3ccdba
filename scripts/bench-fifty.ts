/**
 * Issue 23's figures for `npm run bench`: fifty people open the dashboard at once, and each
 * statistics request under 50 connections, on the embedded database (the demo workspace) and on
 * PostgreSQL (the 1,000,000-message bench workspace of scripts/bench-workspace.ts, with
 * BENCH_DATABASE_URL; BENCH_KEEP=1 keeps it, as building it takes minutes).
 *
 * The requests of one view are not a hand list: the paths are those the native dashboard's actors
 * call (`client.GET('…')` in src/machines/native-dashboard/), and the requests with their queries
 * are recorded as Chromium opens /dashboard on the real app, in waves: a request belongs to the
 * wave of the dashboard's replies that had arrived when it was sent. (The shell's own requests,
 * the signed-in user and the settings an admin's menu preloads, are left out.) Fifty people
 * (fifty admins, each with a session of their own and six connections, as a browser opens) then
 * repeat that view for BENCH_LOAD_SECONDS (30 s); a view's time is from its first request to its
 * last reply, over connections opened before the clock started (the browser opened them
 * loading the page). The app runs in a process of its own (bench-fifty-app.ts), as a server runs;
 * the load client in a worker thread of this one.
 */
import { cp, readFile, readdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { sql } from '../server/db/sql';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';
import { seedToken } from '../test/browser/support/sign-in';
import { startApp, type AppTarget } from './bench-fifty-app';
import { BENCH_END, openBenchWorkspace } from './bench-workspace';
import { stealNote, withSteal } from './machine-steal';
import { againstInstant, percentile, runLoad, warmLoadClient } from './load-client';
import { SINGLE_SECONDS, endpoint, ms } from './bench-fifty-requests';

const PEOPLE = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const RECEIVED = '[role="group"][aria-labelledby="kpi-received"] .kpi-value';

interface Target {
  /** e.g. `PostgreSQL, …, 1,000,000 messages`, from the workspace's count of messages. */
  label: (messages: number) => string;
  app: Omit<AppTarget, 'people'>;
  /** The last day of the workspace's mail: the view's range and the endpoints' end there. */
  today: string;
  /** The dashboard's search params (empty: its default, the last 30 days to today). */
  search: string;
  budgetMs: number;
}

const day = (today: string, back: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);

const ACTORS = new URL('../src/machines/native-dashboard/', import.meta.url);

/** The paths the dashboard's actors ask for: `client.GET('/portal/api/…'` in their source. */
async function dashboardPaths(): Promise<Set<string>> {
  const files = (await readdir(ACTORS)).filter((file) => file.endsWith('.actors.ts'));
  const paths = new Set<string>();
  for (const file of files) {
    const source = await readFile(new URL(file, ACTORS), 'utf8');
    for (const [, path] of source.matchAll(/client\.GET\('([^']+)'/g)) if (path) paths.add(path);
  }
  return paths;
}

/** The dashboard's requests as one view of /dashboard makes them in Chromium, wave by wave. */
async function recordView(browser: Browser, url: string, token: string, search: string) {
  const ours = await dashboardPaths();
  const context = await browser.newContext({ baseURL: url });
  try {
    await seedToken(context, url, token);
    const page = await context.newPage();
    let answered = 0;
    const sent: { path: string; wave: number }[] = [];
    const isApi = (requestUrl: string) => ours.has(new URL(requestUrl).pathname);
    page.on('request', (request) => {
      if (!isApi(request.url()) || request.method() !== 'GET') return;
      const { pathname, search: query } = new URL(request.url());
      sent.push({ path: `${pathname}${query}`, wave: answered });
    });
    const settled = () => (answered += 1);
    page.on('requestfinished', (request) => isApi(request.url()) && settled());
    page.on('requestfailed', (request) => isApi(request.url()) && settled());
    await page.goto(`/dashboard${search}`);
    await page.waitForFunction(
      (selector) => /\d/.test(document.querySelector(selector)?.textContent ?? ''),
      RECEIVED,
    );
    await page.waitForLoadState('networkidle');
    const waves = [...new Set(sent.map((request) => request.wave))].sort((a, b) => a - b);
    return waves.map((wave) => sent.filter((r) => r.wave === wave).map((r) => r.path));
  } finally {
    await context.close();
  }
}

/**
 * The same fifty people against a server that answers every request at once: what this machine
 * and the load client cost by themselves, the floor under the figures above it (the machine is
 * shared; a busy one shows here).
 */
async function floor(waves: string[][]): Promise<string> {
  const plan = { socketsPerClient: 6, warmPath: '/', clients: PEOPLE, seconds: SINGLE_SECONDS };
  const load = await againstInstant({ bytes: Buffer.from('{}') }, { ...plan, waves });
  return (
    `  floor (the load client against a server that answers at once): a view takes ` +
    `p50 ${ms(percentile(load.views, 0.5))}, p99 ${ms(percentile(load.views, 0.99))}`
  );
}

/** Each kind of request's p50 and p99 under the fifty people, by path. */
function byPath(requests: Record<string, number[]>): string {
  const kinds = Object.entries(requests).map(
    ([path, times]) =>
      `${path.replace('/portal/api/', '')} ${ms(percentile(times, 0.5))}/${ms(percentile(times, 0.99))}`,
  );
  return `  by request (p50/p99): ${kinds.join(', ')}`;
}

async function measure(browser: Browser, target: Target): Promise<string[]> {
  const app = await startApp({ ...target.app, people: PEOPLE });
  const { url, tokens } = app;
  try {
    const waves = await recordView(browser, url, tokens[0] ?? '', target.search);
    const requests = waves.flat().length;
    // Each person's six connections are open before the clock, from loading the page itself.
    const plan = {
      baseUrl: url,
      tokens,
      seconds: SECONDS,
      socketsPerClient: 6,
      warmPath: '/dashboard',
    };
    const alone = await runLoad({ ...plan, clients: 1, seconds: SINGLE_SECONDS, waves });
    const single = percentile(alone.views, 0.5);
    const [fifty, steal] = await withSteal(() => runLoad({ ...plan, clients: PEOPLE, waves }));
    const p99 = percentile(fifty.views, 0.99);
    const range = (days: number) => `from=${day(target.today, days - 1)}&to=${target.today}`;
    return [
      `${target.label(app.messages)}: one view is ${requests} requests in ${waves.length} waves: ` +
        waves.map((wave) => wave.map((path) => path.split('?')[0]).join(' + ')).join(' → '),
      `  one person: a view takes ${ms(single)} (median of ${alone.views.length})`,
      `  fifty people for ${SECONDS} s: a view takes p50 ${ms(percentile(fifty.views, 0.5))}, ` +
        `p99 ${ms(p99)} (budget ${target.budgetMs} ms), p99 ÷ one person's view ` +
        `${(p99 / single).toFixed(1)}; ${fifty.views.length} views` +
        (fifty.failures.length > 0 ? `, ${fifty.failures.length} failed requests` : '') +
        stealNote(steal),
      byPath(fifty.requests),
      await floor(waves),
      ...(await endpoint(plan, app, 'summary, 90 days', `/portal/api/stats/summary?${range(90)}`)),
      ...(await endpoint(
        plan,
        app,
        'breakdown by mailbox, 90 days',
        `/portal/api/stats/breakdown?${range(90)}&by=mailbox`,
      )),
      ...(await endpoint(
        plan,
        app,
        'time series, 365 days',
        `/portal/api/stats/timeseries?${range(365)}`,
      )),
    ];
  } finally {
    await app.stop();
  }
}

/** The embedded database: a copy of the bench's seeded template (the demo workspace). */
async function embedded(browser: Browser, scratchDir: string, template: string) {
  const dataDir = resolve(scratchDir, `bench-fifty-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await cp(template, dataDir, { recursive: true });
  try {
    return await measure(browser, {
      label: (messages) =>
        `embedded (PGlite), demo workspace, ${messages.toLocaleString('en')} messages`,
      app: { dataDir },
      today: new Date().toISOString().slice(0, 10),
      search: '',
      budgetMs: 2000,
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL: the 1,000,000-message bench workspace, its view the 30 days to its last day. */
async function postgres(browser: Browser, adminUrl: string) {
  const bench = await openBenchWorkspace(1_000_000, {
    adminUrl,
    keep: process.env.BENCH_KEEP === '1',
  });
  try {
    const [state] = await bench.db.query<{ generation: number | null }>(sql`
      select current_generation as generation from stats_state
       where workspace_id = ${bench.workspaceId}`);
    if (state?.generation == null) await rebuildWorkspaceStats(bench.db, bench.workspaceId);
    const today = day(BENCH_END, 1);
    return await measure(browser, {
      label: (messages) => `PostgreSQL, bench workspace, ${messages.toLocaleString('en')} messages`,
      app: { databaseUrl: bench.databaseUrl, workspaceId: bench.workspaceId },
      today,
      search: `?from=${day(today, 29)}&to=${today}`,
      budgetMs: 3000,
    });
  } finally {
    await bench.close();
  }
}

export async function fiftyTimings(
  browser: Browser,
  scratchDir: string,
  template: string,
): Promise<string[]> {
  await warmLoadClient();
  const lines = await embedded(browser, scratchDir, template);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return [
      ...lines,
      'PostgreSQL: skipped (set BENCH_DATABASE_URL, e.g. from scripts/start-postgres.sh)',
    ];
  }
  return [...lines, ...(await postgres(browser, adminUrl))];
}
