import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import { sql } from '../../../server/db/sql';
import { READY_TIMEOUT_MS, STALL_GRACE_MS } from '../../../server/health/readiness';
import type { ReadinessOptions } from '../../../server/health/plugin';
import { startRunner, type Clock } from '../../../server/workers/runner';
import { createTestDb, createTestDbLocation, testDbSettings } from '../support/test-db';
import { startTcpProxy } from '../support/tcp-proxy';

const config = () => loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '.tmp/no-client' });

// These tests are about what readiness checks, not how soon the database answers: on a loaded
// machine a query may take longer than production's READY_TIMEOUT_MS, which the PostgreSQL test
// below holds with a proxy that goes silent.
const PATIENT_MS = 60_000;

async function appOn(readiness: ReadinessOptions = {}) {
  const db = await createTestDb();
  const app = await buildApp({
    config: config(),
    db,
    logger: false,
    backgroundWork: false,
    readiness: { timeoutMs: PATIENT_MS, ...readiness },
  });
  return { app, db };
}

const readyz = async (app: FastifyInstance) => {
  const reply = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: reply.statusCode, body: reply.json<unknown>() };
};

const notReady = (message: string) => ({ status: 503, body: { error: 'not_ready', message } });

describe('/healthz and /readyz', () => {
  let t: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    t = await appOn();
  });
  afterAll(() => t.app.close());

  it('tells the package version in /healthz', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.json()).toEqual({ status: 'ok', database: t.db.kind, version });
  });

  it('is ready on a migrated database without workers', async () => {
    expect(await readyz(t.app)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready while a migration of this build is missing, and ready again once applied', async () => {
    const [last] = await t.db.query<{ version: number; name: string }>(
      sql`select version, name from schema_migrations order by version desc limit 1`,
    );
    await t.db.query(sql`delete from schema_migrations where version = ${last!.version}`);
    expect(await readyz(t.app)).toEqual(notReady(`Migrations not applied: ${last!.version}.`));
    await t.db.query(
      sql`insert into schema_migrations (version, name) values (${last!.version}, ${last!.name})`,
    );
    expect((await readyz(t.app)).status).toBe(200);
  });
});

describe('/readyz with the workers in this process', () => {
  it('is not ready before the workers have started', async () => {
    const { app } = await appOn({ workers: () => undefined });
    expect(await readyz(app)).toEqual(notReady('The background workers have not started.'));
    await app.close();
  });

  it('is not ready once a worker loop has hung past its interval and the grace, ready once it turns', async () => {
    let now = Date.parse('2026-03-02T09:00:00Z');
    const clock: Clock = {
      now: () => new Date(now),
      sleep: (_ms, signal) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve())),
    };
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    const runner = startRunner([{ name: 'mail-sync', intervalMs: 5_000, run: () => hung }], {
      clock,
    });
    const { app } = await appOn({ workers: () => runner.beats(), now: () => new Date(now) });

    now += 5_000 + STALL_GRACE_MS;
    expect((await readyz(app)).status).toBe(200);
    now += 1;
    expect(await readyz(app)).toEqual(
      notReady('The mail-sync worker has not run since 2026-03-02T09:00:00.000Z.'),
    );
    release();
    await expect.poll(async () => (await readyz(app)).status, { timeout: PATIENT_MS }).toBe(200);
    await runner.stop();
    await app.close();
  });
});

// The database going away: on PostgreSQL through a loopback proxy that is cut (the shared server
// keeps running); PGlite lives in the process and can only be closed.
if (testDbSettings().kind === 'postgres') {
  describe('/readyz when PostgreSQL goes away', () => {
    it('turns 503 with a reason when the server is gone or silent, and 200 when it returns', async () => {
      const location = await createTestDbLocation();
      const url = new URL(location.options.databaseUrl!);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      const app = await buildApp({ config: config(), db, logger: false, backgroundWork: false });
      try {
        expect((await readyz(app)).status).toBe(200);
        await proxy.cut();
        expect(await readyz(app)).toEqual(notReady('The database does not answer.'));
        await proxy.restore();
        expect((await readyz(app)).status).toBe(200);
        // A server that accepts and never answers: told after the timeout, not a TCP timeout.
        proxy.hold();
        expect(await readyz(app)).toEqual(
          notReady(`The database did not answer within ${READY_TIMEOUT_MS} ms.`),
        );
        expect(READY_TIMEOUT_MS).toBeLessThan(2_000);
        await proxy.restore();
        expect((await readyz(app)).status).toBe(200);
      } finally {
        await proxy.close();
        await app.close();
        await location.dispose();
      }
    });
  });
} else {
  describe('/readyz when PGlite is closed', () => {
    it('turns 503 with a reason', async () => {
      const db = await createTestDb();
      const app = await buildApp({ config: config(), db, logger: false, backgroundWork: false });
      await db.close();
      expect(await readyz(app)).toEqual(notReady('The database does not answer.'));
    });
  });
}
