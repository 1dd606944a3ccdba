import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertChannels } from '../../../server/alerts/delivery';
import { evaluateAlerts } from '../../../server/alerts/evaluate';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import type { Db } from '../../../server/db/types';
import { drainOnce } from '../../../server/outbound/forwarder';
import { createAlert, engineWorkspace, rebuildFacts } from '../support/alert-engine';
import { client, createTestWorkspace } from '../support/app';
import { startSmtp } from '../support/smtp';
import { insertMessages } from '../support/stats';
import type { TestSuite } from '../support/suite';
import { createTestDbLocation, type TestDbLocation } from '../support/test-db';
import { recordingLogger } from '../support/webhook';

// Two servers on one PostgreSQL: each has its own connection pool, as two processes do, and
// both evaluate and send at the same injected instants. Only PostgreSQL has several connections.

let location: TestDbLocation;
const dbs: Db[] = [];
let t: TestSuite;

beforeAll(async () => {
  location = await createTestDbLocation();
  dbs.push(await openDatabase(location.options), await openDatabase(location.options));
  const [first] = dbs;
  if (!first) throw new Error('no database');
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '.tmp/no-client' }),
    db: first,
    logger: false,
    backgroundWork: false,
  });
  t = {
    app,
    db: first,
    workspace: () => createTestWorkspace(first, { domain: 'procs.example', maxAlerts: 10 }),
    admin: (ws) => client(app, ws.admin.token),
  };
});

afterAll(async () => {
  await t.app.close();
  await Promise.all(dbs.slice(1).map((db) => db.close()));
  await location.dispose();
});

const MONDAY_10 = '2027-03-08T10:00:00Z';

describe('two processes on one PostgreSQL', () => {
  it('evaluate and send every notification exactly once', async () => {
    const smtp = await startSmtp();
    const e = await engineWorkspace(t);
    const alerts = [];
    for (const n of [1, 2, 3, 4, 5]) {
      alerts.push(await createAlert(t, e, { name: `Alert ${n}`, watchingSince: MONDAY_10 }));
    }
    await insertMessages(
      t.db,
      e.mailbox,
      Array.from({ length: 20 }, (_, i) => ({ at: '2027-03-05T15:00:00Z', thread: `th${i}` })),
    );
    await rebuildFacts(t.db, e);
    const config = loadConfig({ SMTP_URL: smtp.url });
    const start = new Date(MONDAY_10).getTime();
    try {
      for (let minute = 0; minute < 4; minute += 1) {
        const now = new Date(start + minute * 60_000);
        await Promise.all(
          dbs.map(async (db, i) => {
            await evaluateAlerts(db, `process-${i}:${minute}`, now);
            const channels = alertChannels(config, db, t.app.outboundGuard);
            await drainOnce(db, channels, recordingLogger().log, { now: () => now });
          }),
        );
      }
    } finally {
      await smtp.close();
    }
    expect(smtp.state.received).toHaveLength(alerts.length);
    expect(new Set(smtp.state.received.map((m) => m.messageId)).size).toBe(alerts.length);
    const [pairs] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from alert_notified where workspace_id = $1`,
      [e.ws.workspaceId],
    );
    expect(pairs?.n).toBe(alerts.length * 20);
  });
});
