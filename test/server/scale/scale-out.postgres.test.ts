import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAlerts } from '../../../server/alerts/evaluate';
import { buildApp } from '../../../server/app';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import type { Db } from '../../../server/db/types';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { client } from '../support/app';
import { secrets, TEST_KEY } from '../support/mail-sync';
import {
  alertBodies,
  boxes,
  comparable,
  fillDovecot,
  holdLocks,
  FIGURES,
  killHard,
  MAILBOXES,
  THREADS,
  pidOf,
  scaleWorkspace,
  startWorker,
  until,
  type WorkerProcess,
} from '../support/scale-out';
import { environment, start, type Running } from '../support/server-process';
import { startSmtp } from '../support/smtp';
import { createTestDbLocation, type TestDbLocation } from '../support/test-db';

// Scale-out, shown: two web processes (WORKERS=false) and two `npm run worker` processes on one
// PostgreSQL sync twenty mailboxes from Dovecot, evaluate alerts and deliver them through an SMTP
// server; one worker is SIGKILLed in the middle of the sync, one in the middle of an alert
// evaluation, and the web process sending an alert email in the middle of its SMTP exchange (a
// process manager starts a new worker after the first kill). Every message is stored once, every
// figure equals a single process's, every notification is sent once.
//
// "In the middle" is made certain with locks the test holds: the sync is blocked committing the
// mailboxes whose rows it has locked, the evaluation writing its notifications, the delivery by the
// SMTP server not yet answering DATA. A killed process's leases end by themselves (sync 2 min,
// evaluation 5 min, outbox 1 min); the test ends them at once instead of waiting out the clock.

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const locations: TestDbLocation[] = [];
const webs: Running[] = [];
const workers: WorkerProcess[] = [];
let db: Db;
let expected = 0;
/** The test's lock transactions, ended in afterAll too, should a check fail while one is held. */
const locks: (() => Promise<void>)[] = [];

beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startSmtp();
  expected = await fillDovecot(dovecot);
}, 120_000);

afterAll(async () => {
  await Promise.all(locks.map((release) => release()));
  for (const child of [...webs.map((w) => w.child), ...workers.map((w) => w.child)]) {
    await killHard(child);
  }
  await db?.close();
  for (const location of locations) await location.dispose();
  await smtp?.close();
  await dovecot?.close();
});

const count = async (sql: string, params: unknown[]) =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? 0;

/** Holds the locks `statement` takes, in a transaction of its own, until released. */
function hold(statement: string, params: unknown[] = []) {
  const lock = holdLocks(db, statement, params);
  locks.push(lock.release);
  return lock;
}

/** The same mail synced and alerts evaluated by one process, on a database of its own. */
async function singleProcessRun() {
  const location = await createTestDbLocation();
  locations.push(location);
  const single = await openDatabase(location.options);
  const config = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '.tmp/no-client' });
  const app = await buildApp({ config, db: single, logger: false, backgroundWork: false });
  try {
    const ws = await scaleWorkspace(single, dovecot);
    const cli = { db: single, config, secrets: () => Promise.resolve(secrets) };
    // The twenty mailboxes, as the workers had them (viewer@ has no mail account to sync).
    for (const box of boxes) {
      const line = ['mail:sync', '--workspace', `${ws.workspaceId}`, '--mailbox', box, '--wait'];
      const synced = await executeArgv(cli, line);
      expect(synced.code, synced.stderr.join('\n')).toBe(0);
    }
    const admin = client(app, ws.admin.token);
    for (const body of alertBodies(ws)) {
      expect((await admin.post('/portal/api/alerts/', body)).statusCode).toBe(201);
    }
    await evaluateAlerts(single, 'single', new Date());
    const figures = [];
    for (const path of FIGURES) figures.push(comparable((await admin.get(path)).json()));
    const notified = (
      await single.query<{ n: number }>('select count(*)::int as n from alert_notified')
    )[0]?.n;
    return { figures, notified };
  } finally {
    await app.close();
  }
}

describe('two web and two worker processes on one PostgreSQL', () => {
  it('store every message once, give a single process’s figures, send every alert once', async () => {
    const location = await createTestDbLocation();
    locations.push(location);
    db = await openDatabase(location.options);
    const ws = await scaleWorkspace(db, dovecot);
    const id = ws.workspaceId;
    const env = (extra: Record<string, string>) =>
      environment(location, {
        SECRETS_KEY: TEST_KEY.toString('hex'),
        SMTP_URL: smtp.url,
        SEED_DEMO: 'false',
        ...extra,
      });

    // The sync, a worker killed in the middle of it.
    const odd = hold(
      `select 1 from mailboxes where workspace_id = $1 and email = any($2) for update`,
      [id, boxes.filter((_, i) => i % 2 === 1)],
    );
    await odd.taken;
    workers.push(await startWorker(env({})), await startWorker(env({})));
    const victim = await until(
      async () =>
        (
          await db.query<{ owner: string }>(
            `select s.lease_owner as owner from mailbox_sync s
             join mailboxes m on m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
            where s.workspace_id = $1 and m.email = any($2) and s.lease_expires_at > now()
              and exists (select 1 from messages where workspace_id = $1)`,
            [id, boxes.filter((_, i) => i % 2 === 1)],
          )
        )[0],
      'a worker syncing a locked mailbox after another was stored',
    );
    const killed = workers.find((w) => w.child.pid === pidOf(victim.owner));
    expect(killed).toBeDefined();
    await killHard(killed!.child);
    await odd.release();
    await db.query(`update mailbox_sync set lease_expires_at = now() where lease_owner = $1`, [
      victim.owner,
    ]);
    workers.push(await startWorker(env({})));
    webs.push(
      await start(env({ WORKERS: 'false', MAIL_FROM: 'web1@scaleout.example' })),
      await start(env({ WORKERS: 'false', MAIL_FROM: 'web2@scaleout.example' })),
    );
    await until(
      async () =>
        (await count('select count(*)::int as n from messages where workspace_id = $1', [id])) ===
          expected &&
        (await count(
          `select count(*)::int as n from mailbox_sync
            where workspace_id = $1 and lease_owner is null and next_run_at > now()`,
          [id],
        )) === MAILBOXES,
      'every mailbox synced',
    );

    // Alerts: a worker killed while it writes its notifications, then the sender of the first
    // email killed before the SMTP server accepted it.
    const notifications = hold('lock table alert_notified in share mode');
    await notifications.taken;
    const held = smtp.holdNext();
    const [web1, web2] = webs;
    const http = async (method: string, path: string, body?: unknown) => {
      const reply = await fetch(`${web1?.url}${path}`, {
        method,
        headers: {
          authorization: `Token ${ws.admin.token}`,
          cookie: 'XSRF-TOKEN=scale',
          'x-xsrf-token': 'scale',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: reply.status, json: (await reply.json()) as unknown };
    };
    for (const body of alertBodies(ws)) {
      expect((await http('POST', '/portal/api/alerts/', body)).status).toBe(201);
    }
    const evaluator = await until(
      async () =>
        (
          await db.query<{ owner: string }>(
            `select eval_lease_owner as owner from alerts
              where workspace_id = $1 and eval_lease_expires_at > now() limit 1`,
            [id],
          )
        )[0],
      'a worker evaluating the alerts',
    );
    const evaluating = workers.find((w) => w.child.pid === pidOf(evaluator.owner));
    expect(evaluating).toBeDefined();
    await killHard(evaluating!.child);
    await notifications.release();
    await db.query(`update alerts set eval_lease_expires_at = now() where eval_lease_owner = $1`, [
      evaluator.owner,
    ]);
    const mail = await held;
    const sender = mail.from === 'web1@scaleout.example' ? web1 : web2;
    const survivor = sender === web1 ? web2 : web1;
    // Its connection closes with the process: the message was never accepted.
    await killHard(sender!.child);
    await db.query(
      `update outbound_requests set next_attempt_at = now()
        where workspace_id = $1 and delivered_at is null`,
      [id],
    );
    await until(
      async () =>
        (await count(
          `select count(*)::int as n from outbound_requests
            where workspace_id = $1 and kind = 'alert_email' and delivered_at is not null`,
          [id],
        )) === 3,
      'the three alert emails delivered',
    );

    // What a single process makes of the same mail and alerts.
    const single = await singleProcessRun();
    const distinct = await count(
      `select count(distinct (mailbox_id, message_id_header))::int as n from messages
        where workspace_id = $1`,
      [id],
    );
    expect(distinct).toBe(expected);
    const figures = [];
    for (const path of FIGURES) {
      const reply = await fetch(`${survivor?.url}${path}`, {
        headers: { authorization: `Token ${ws.admin.token}` },
      });
      expect(reply.status, path).toBe(200);
      figures.push(comparable(await reply.json()));
    }
    expect(figures[0]).toMatchObject({
      received: MAILBOXES * THREADS,
      sent: (MAILBOXES * THREADS) / 2,
    });
    expect(figures).toEqual(single.figures);
    expect(single.notified).toBeGreaterThan(0);
    expect(
      await count('select count(*)::int as n from alert_notified where workspace_id = $1', [id]),
    ).toBe(single.notified);
    expect(smtp.state.received).toHaveLength(3);
    expect(new Set(smtp.state.received.map((m) => m.messageId)).size).toBe(3);
    expect(
      await count(`select count(*)::int as n from outbound_requests where workspace_id = $1`, [id]),
    ).toBe(3);
  }, 480_000);
});
