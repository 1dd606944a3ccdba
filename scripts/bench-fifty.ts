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
 * loading the page). The app runs in this process; the load client in a worker.
 */
import { cp, readFile, readdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { issueToken } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import { sql } from '../server/db/sql';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import { addUser } from '../server/repos/workspaces';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';
import { clientDir } from '../test/browser/support/server';
import { seedToken } from '../test/browser/support/sign-in';
import { BENCH_END, openBenchWorkspace } from './bench-workspace';
import { againstInstant, percentile, runLoad } from './load-client';
import { SINGLE_SECONDS, endpoint, ms, type Served } from './bench-fifty-requests';

const PEOPLE = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const RECEIVED = '[role="group"][aria-labelledby="kpi-received"] .kpi-value';

interface Target {
  label: string;
  db: Db;
  workspaceId: number;
  /** The last day of the workspace's mail: the view's range and the endpoints' end there. */
  today: string;
  /** The dashboard's search params (empty: its default, the last 30 days to today). */
  search: string;
  budgetMs: number;
}

const day = (today: string, back: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);

/** Fifty admins of the workspace, each with a session; `remove` deletes them again. */
async function people(db: Db, workspaceId: number) {
  const tokens = await db.transaction(async (tx) => {
    const made: string[] = [];
    for (let i = 1; i <= PEOPLE; i += 1) {
      const email = `fifty.person${i}.${workspaceId}@bench-people.example`;
      const user = await addUser(tx, workspaceId, {
        email,
        full_name: `Person ${i}`,
        role: 'admin',
      });
      made.push(await issueToken(tx, workspaceId, user.user_id, 1));
    }
    return made;
  });
  const remove = () =>
    db.query(sql`delete from users where workspace_id = ${workspaceId}
                   and email like ${'fifty.person%@bench-people.example'}`);
  return { tokens, remove };
}

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

/** The app on `db`, which stays open when the app closes (its opener closes it). */
async function serve(db: Db): Promise<Served> {
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: clientDir });
  let statements = 0;
  const query = db.query.bind(db) as (...args: unknown[]) => Promise<object[]>;
  const counting = (...args: unknown[]) => {
    statements += 1;
    return query(...args);
  };
  const borrowed = { ...db, query: counting, close: () => Promise.resolve() } as Db;
  const app = await buildApp({ config, db: borrowed, logger: false, backgroundWork: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, statements: () => statements };
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
  const served = await serve(target.db);
  const { app, url } = served;
  const { tokens, remove } = await people(target.db, target.workspaceId);
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
    const fifty = await runLoad({ ...plan, clients: PEOPLE, waves });
    const p99 = percentile(fifty.views, 0.99);
    const range = (days: number) => `from=${day(target.today, days - 1)}&to=${target.today}`;
    return [
      `${target.label}: one view is ${requests} requests in ${waves.length} waves: ` +
        waves.map((wave) => wave.map((path) => path.split('?')[0]).join(' + ')).join(' → '),
      `  one person: a view takes ${ms(single)} (median of ${alone.views.length})`,
      `  fifty people for ${SECONDS} s: a view takes p50 ${ms(percentile(fifty.views, 0.5))}, ` +
        `p99 ${ms(p99)} (budget ${target.budgetMs} ms), p99 ÷ one person's view ` +
        `${(p99 / single).toFixed(1)}; ${fifty.views.length} views` +
        (fifty.failures.length > 0 ? `, ${fifty.failures.length} failed requests` : ''),
      byPath(fifty.requests),
      await floor(waves),
      ...(await endpoint(
        plan,
        served,
        'summary, 90 days',
        `/portal/api/stats/summary?${range(90)}`,
      )),
      ...(await endpoint(
        plan,
        served,
        'breakdown by mailbox, 90 days',
        `/portal/api/stats/breakdown?${range(90)}&by=mailbox`,
      )),
      ...(await endpoint(
        plan,
        served,
        'time series, 365 days',
        `/portal/api/stats/timeseries?${range(365)}`,
      )),
    ];
  } finally {
    await remove();
    await app.close();
  }
}

/** The embedded database: a copy of the bench's seeded template (the demo workspace). */
async function embedded(browser: Browser, scratchDir: string, template: string) {
  const dataDir = resolve(scratchDir, `bench-fifty-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await cp(template, dataDir, { recursive: true });
  const db = await openDatabase({ dataDir });
  try {
    const [demo] = await db.query<{ workspace_id: number; messages: number }>(sql`
      select w.workspace_id, (select count(*) from messages m
                               where m.workspace_id = w.workspace_id)::int as messages
        from workspaces w where w.is_demo order by w.workspace_id limit 1`);
    if (!demo) throw new Error('the bench template holds no demo workspace');
    return await measure(browser, {
      label: `embedded (PGlite), demo workspace, ${demo.messages.toLocaleString('en')} messages`,
      db,
      workspaceId: demo.workspace_id,
      today: new Date().toISOString().slice(0, 10),
      search: '',
      budgetMs: 2000,
    });
  } finally {
    await db.close();
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
      label: 'PostgreSQL, bench workspace, 1,000,000 messages',
      db: bench.db,
      workspaceId: bench.workspaceId,
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
