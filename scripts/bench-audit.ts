/**
 * Issue 26's figures for `npm run bench` (or only these: `npm run bench -- audit`):
 * - what the audit log costs a settings write: the company business hours saved over loopback
 *   HTTP (keep-alive, one at a time) by the real app in this process, with the log and without it
 *   (`buildApp({ auditLog: false })`, which only this bench passes), each on its own fresh
 *   database, in alternating blocks so both see the same machine; p50, p99 and CPU per write;
 * - `audit:verify` over 1,000,000 entries on PostgreSQL (BENCH_DATABASE_URL): a scratch database
 *   of its own (never the statistics bench's), the entries made by bench-audit-chain.ts, dropped
 *   after (kept as `mailpulse_bench_audit` and reused with BENCH_KEEP=1).
 * On PGlite always, on PostgreSQL too with BENCH_DATABASE_URL. Budgets are printed, never enforced.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { issueToken } from '../server/auth/tokens';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { DatabaseOptions } from '../server/db/types';
import { addUser, createWorkspace } from '../server/repos/workspaces';
import { percentile } from './bench-server';
import { adminQuery, urlOf } from './bench-workspace';
import { AUDIT_BENCH_WORKSPACE, loadAverage, verifyTimings } from './bench-audit-chain';

const WARM_UP = 50;
const BLOCKS = 20;
const PER_BLOCK = 25;
const XSRF = 'bench-xsrf';

/** A fresh database (a PGlite folder, or a PostgreSQL database) and how to remove it. */
async function scratchDatabase(label: string, adminUrl?: string) {
  const name = `mailpulse_audit_bench_${label}_${randomBytes(4).toString('hex')}`;
  if (!adminUrl) {
    const dataDir = resolve('.tmp', name);
    await mkdir(dataDir, { recursive: true });
    const options: DatabaseOptions = { dataDir };
    return { options, remove: () => rm(dataDir, { recursive: true, force: true }) };
  }
  await adminQuery(adminUrl, `create database ${name}`);
  const options: DatabaseOptions = { databaseUrl: urlOf(adminUrl, name), dataDir: '' };
  return { options, remove: () => adminQuery(adminUrl, `drop database ${name}`).then(() => {}) };
}

interface Writer {
  app: FastifyInstance;
  /** Saves the company hours once (alternately ending at 17:00 and 18:00); its milliseconds. */
  write(): Promise<number>;
}

async function startWriter(options: DatabaseOptions, auditLog: boolean): Promise<Writer> {
  const db = await openDatabase(options);
  await migrate(db);
  const token = await db.transaction(async (tx) => {
    const { workspace_id: id } = await createWorkspace(tx, AUDIT_BENCH_WORKSPACE);
    const admin = await addUser(tx, id, {
      email: 'admin@audit-bench.example',
      full_name: 'Admin',
      role: 'admin',
    });
    return issueToken(tx, id, admin.user_id, 1);
  });
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: resolve('.tmp', 'no-client') });
  const app = await buildApp({ config, db, logger: false, backgroundWork: false, auditLog });
  const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/portal/api/settings/company-business-hours/`;
  const headers = {
    authorization: `Token ${token}`,
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
  };
  let n = 0;
  const write = async () => {
    n += 1;
    const end = n % 2 === 0 ? '17:00:00' : '18:00:00';
    const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
    const body = JSON.stringify({
      timezone: 'Europe/Madrid',
      business_hours: weekdays.map((weekday) => ({
        weekday,
        start_time: '09:00:00',
        end_time: end,
      })),
    });
    const started = performance.now();
    const reply = await fetch(url, { method: 'POST', headers, body });
    await reply.arrayBuffer();
    const elapsed = performance.now() - started;
    if (reply.status >= 300) throw new Error(`the hours answered ${reply.status}`);
    return elapsed;
  };
  return { app, write };
}

interface Samples {
  times: number[];
  cpuMs: number;
}

async function block(writer: Writer, into: Samples): Promise<void> {
  const cpu = process.cpuUsage();
  for (let i = 0; i < PER_BLOCK; i += 1) into.times.push(await writer.write());
  const used = process.cpuUsage(cpu);
  into.cpuMs += (used.user + used.system) / 1000;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function summary(label: string, samples: Samples): { p50: number; line: string } {
  const sorted = [...samples.times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const cpu = samples.cpuMs / samples.times.length;
  return {
    p50,
    line: `  ${label}: p50 ${ms(p50)}, p99 ${ms(percentile(sorted, 0.99))}, CPU ${ms(cpu)} a write`,
  };
}

/** The company hours saved with and without the log, on one kind of database. */
async function writeTimings(label: string, adminUrl?: string): Promise<string[]> {
  const databases = [await scratchDatabase('on', adminUrl), await scratchDatabase('off', adminUrl)];
  const writers: Writer[] = [];
  try {
    writers.push(await startWriter(databases[0]!.options, true));
    writers.push(await startWriter(databases[1]!.options, false));
    const [logged, unlogged] = writers as [Writer, Writer];
    for (let i = 0; i < WARM_UP; i += 1) await Promise.all([logged.write(), unlogged.write()]);
    const on: Samples = { times: [], cpuMs: 0 };
    const off: Samples = { times: [], cpuMs: 0 };
    for (let i = 0; i < BLOCKS; i += 1) {
      // Alternating which goes first, so a drift of the machine's load falls on both alike.
      if (i % 2 === 0) await block(logged, on).then(() => block(unlogged, off));
      else await block(unlogged, off).then(() => block(logged, on));
    }
    const [withLog, without] = [summary('with the log', on), summary('without it', off)];
    const added = withLog.p50 - without.p50;
    return [
      `${label}: setCompanyBusinessHours over HTTP, ${BLOCKS * PER_BLOCK} sequential writes each after ${WARM_UP} (${loadAverage()})`,
      withLog.line,
      without.line,
      `  added at p50 ${ms(added)} (${((added / without.p50) * 100).toFixed(1)} %; budget 2 ms or 20 %)`,
    ];
  } finally {
    for (const writer of writers) await writer.app.close();
    for (const database of databases) await database.remove();
  }
}

export async function auditTimings(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const lines = await writeTimings('PGlite');
  if (!adminUrl) {
    return [...lines, 'PostgreSQL: set BENCH_DATABASE_URL for its write figures and audit:verify'];
  }
  lines.push(...(await writeTimings('PostgreSQL', adminUrl)));
  lines.push(...(await verifyTimings(adminUrl)));
  return lines;
}
