/**
 * The load figure of `npm run bench`: 50 keep-alive connections on loopback asking for the users
 * list (5,000 users) as fast as they are answered, for a fixed time, on the embedded database
 * and on PostgreSQL (scripts/start-postgres.sh), by the benches' load client (load-client.ts),
 * which keeps every connection busy and records each reply's time.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { DatabaseOptions } from '../server/db/types';
import { USERS, percentile, seedUsersWorkspace } from './bench-server';
import { runLoad, warmLoadClient } from './load-client';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const BUDGET_P99_MS = 300;
const PATH = '/portal/api/settings/users/';

/** Fifty people, one connection each, asking for the list as fast as they are answered. */
function listLoad(url: string, token: string) {
  const waves = [[PATH]];
  return runLoad({
    baseUrl: url,
    tokens: [token],
    clients: CONNECTIONS,
    seconds: SECONDS,
    waves,
    socketsPerClient: 1,
  });
}

/** Serves a freshly seeded database and puts it under load; returns the figure's line. */
async function measure(label: string, options: DatabaseOptions, scratchDir: string) {
  const db = await openDatabase(options);
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    const token = await db.transaction(seedUsersWorkspace);
    const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: resolve(scratchDir, 'none') });
    app = await buildApp({ config, db, logger: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // Where a slow reply's time goes: the event loop blocked (PGlite runs its queries on it,
    // in WebAssembly) and garbage collection.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    let gcMs = 0;
    let gcMaxMs = 0;
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        gcMs += entry.duration;
        gcMaxMs = Math.max(gcMaxMs, entry.duration);
      }
    });
    gc.observe({ entryTypes: ['gc'] });
    loop.enable();
    const busyBefore = performance.eventLoopUtilization();
    const { requests, failures, slowestAt } = await listLoad(url, token);
    const samples = requests[PATH] ?? [];
    // The server thread's busy time per reply does not depend on what else the machine runs.
    const busyMs = performance.eventLoopUtilization(busyBefore).active / samples.length;
    loop.disable();
    gc.disconnect();
    const sorted = samples.sort((a, b) => a - b);
    const ms = (q: number) => `${percentile(sorted, q).toFixed(0)} ms`;
    const rate = (samples.length / SECONDS).toFixed(0);
    return (
      // The first requests wait for the list's first computation, on a cold process.
      `${label}: ${rate} replies/s, p50 ${ms(0.5)}, p99 ${ms(0.99)}, max ${ms(1)} ` +
      `(sent ${(slowestAt / 1000).toFixed(1)} s into the run)` +
      (failures.length > 0 ? `, ${failures.length} failed (${failures[0]})` : '') +
      `; server thread busy ${busyMs.toFixed(1)} ms per reply` +
      `; event loop blocked up to ${(loop.max / 1e6).toFixed(0)} ms, ` +
      `GC ${((gcMs / (SECONDS * 1000)) * 100).toFixed(0)}% of the time (longest ${gcMaxMs.toFixed(0)} ms)`
    );
  } finally {
    await (app ? app.close() : db.close());
  }
}

async function withPostgres<T>(run: (options: DatabaseOptions) => Promise<T>): Promise<T> {
  const adminUrl = execFileSync('bash', ['scripts/start-postgres.sh'], { encoding: 'utf8' }).trim();
  const name = `mailpulse_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run({ databaseUrl: url.toString(), dataDir: '' });
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

export async function loadTimings(scratchDir: string): Promise<string[]> {
  await mkdir(scratchDir, { recursive: true });
  const dataDir = resolve(scratchDir, `bench-load-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await warmLoadClient();
  const lines = [
    `GET ${PATH} with ${USERS + 1} users, ${CONNECTIONS} connections for ${SECONDS} s ` +
      `(budget p99 ${BUDGET_P99_MS} ms on the embedded database)`,
  ];
  try {
    lines.push(await measure('embedded (PGlite)', { dataDir }, scratchDir));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  lines.push(await withPostgres((options) => measure('PostgreSQL', options, scratchDir)));
  return lines;
}

// `npx tsx scripts/bench-load.ts` runs this figure alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) {
  for (const line of await loadTimings(resolve('.tmp'))) console.log(line);
}
