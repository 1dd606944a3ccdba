/**
 * From a message becoming overdue to its notification reaching a real SMTP server (the
 * `smtp-server` package on loopback), as the server process runs it: `server/main.ts` on a
 * scratch PostgreSQL database with its workers at the default ALERT_INTERVAL_S (60 s) and its
 * outbox forwarder. The worst case, honestly: each message arrives so that it becomes overdue
 * just after a poll of the alert worker, which then finds the alert not yet due, and tells it
 * at the next poll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import { createWorkspace } from '../server/repos/workspaces';
import { rebuildWorkspaceStats } from '../server/stats/rebuild';
import { refreshThreadFacts } from '../server/stats/thread-facts';
import { ALERT_POLL_MS } from '../server/workers/start';
import { adminQuery } from './bench-workspace';

const SAMPLES = 4;
const GAP_MS = 60_000;
/** Each sample becomes overdue this long after a poll (more than the polls' drift meanwhile). */
const AFTER_POLL_MS = 250;
/** The samples become overdue two polls apart. */
const SPACING_POLLS = 2;

interface Arrival {
  /** When the SMTP session began and when its message was accepted (epoch ms). */
  connected: number;
  received: number;
  raw: string;
}

async function startSmtp() {
  const arrivals: Arrival[] = [];
  const connected = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      connected.set(session.id, Date.now());
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        arrivals.push({ connected: connected.get(session.id) ?? 0, received: Date.now(), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { arrivals, url: `smtp://127.0.0.1:${port}`, close };
}

/** The real server process; resolves once it listens (after migrating the database). */
function startServer(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      CLIENT_DIR: '.tmp/no-client',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('Mailpulse listening on')) resolve(child);
    });
  });
}

/** A workspace with no business hours (every second counts) and a 1-minute alert on one mailbox. */
async function setUp(db: Db) {
  const { workspace_id: id } = await db.transaction((tx) =>
    createWorkspace(tx, {
      client_name: 'Latency bench',
      allowed_domains: ['latency.example'],
      provider: 'G',
      max_mailboxes: 1,
      max_users: 1,
      max_alerts: 1,
    }),
  );
  const [box] = await db.query<{ mailbox_id: number }>(
    `insert into mailboxes (workspace_id, email, status)
     values ($1, 'support@latency.example', 'working') returning mailbox_id`,
    [id],
  );
  const mailboxId = box?.mailbox_id ?? 0;
  await rebuildWorkspaceStats(db, id);
  await db.query(
    `with a as (
       insert into alerts (workspace_id, name, minutes_gap, domains, notify_emails,
                           created_by_email, watching_since)
       values ($1, 'Latency', $3, '{client.example}', '{lead@latency.example}',
               'admin@latency.example', now()) returning alert_id)
     insert into alert_mailboxes (workspace_id, alert_id, mailbox_id)
     select $1, alert_id, $2 from a`,
    [id, mailboxId, GAP_MS / 60_000],
  );
  return { workspaceId: id, mailboxId };
}

/** A customer's email arriving now, stored and counted as the mail sync does it. */
async function arrive(db: Db, workspaceId: number, mailboxId: number, k: number, at: number) {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction,
         sent_at, folder, from_address, to_addresses, subject)
       values ($1, $2, $3, $3, 'inbound', $4, 'INBOX', 'ann@client.example',
               '{support@latency.example}', $3)`,
      [workspaceId, mailboxId, `latency-sample-${k}`, new Date(at)],
    );
    await refreshThreadFacts(tx, workspaceId, mailboxId, [`latency-sample-${k}`]);
  });
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * A poll instant of the server's alert worker: its first run evaluates the new alert, which has
 * no mail yet, and sets its next evaluation to that run's instant plus the interval.
 */
async function firstPoll(db: Db, workspaceId: number): Promise<number> {
  for (;;) {
    const [row] = await db.query<{ ran_at: string | null }>(
      `select case when next_evaluation_at > '-infinity'
                   then next_evaluation_at - interval '60 seconds' end as ran_at
         from alerts where workspace_id = $1`,
      [workspaceId],
    );
    if (row?.ran_at) return Date.parse(row.ran_at);
    await pause(100);
  }
}

/** The arrival instants: each sample overdue AFTER_POLL_MS after a poll, the first in a second. */
function arrivalsAfter(poll: number): number[] {
  const first = Math.ceil((Date.now() + 1_000 + GAP_MS - poll) / ALERT_POLL_MS);
  return Array.from(
    { length: SAMPLES },
    (_, k) => poll + (first + k * SPACING_POLLS) * ALERT_POLL_MS + AFTER_POLL_MS - GAP_MS,
  );
}

async function measure(databaseUrl: string, loadAverage: () => Promise<string>) {
  const smtp = await startSmtp();
  const server = await startServer(databaseUrl, smtp.url);
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const { workspaceId, mailboxId } = await setUp(db);
    const arrivals = arrivalsAfter(await firstPoll(db, workspaceId));
    for (const [k, at] of arrivals.entries()) {
      await pause(at - Date.now());
      await arrive(db, workspaceId, mailboxId, k, at);
    }
    const deadline = (arrivals.at(-1) ?? Date.now()) + GAP_MS + 3 * 60_000;
    const arrivalOf = (k: number) =>
      smtp.arrivals.find((a) => a.raw.includes(`latency-sample-${k}`));
    while (Date.now() < deadline && arrivals.some((_, k) => !arrivalOf(k))) {
      await pause(250);
    }
    const told = await db.query<{ subject: string; notified_at: string }>(
      `select m.subject, n.notified_at from alert_notified n
         join messages m using (workspace_id, mailbox_id, message_id) where n.workspace_id = $1`,
      [workspaceId],
    );
    const load = await loadAverage();
    return arrivals.map((at, k) => {
      const overdue = at + GAP_MS;
      const mail = arrivalOf(k);
      const tick = told.find((row) => row.subject === `latency-sample-${k}`);
      if (!mail || !tick) {
        return {
          line: `sample ${k + 1}: no notification within 3 minutes`,
          ms: null,
          workMs: null,
        };
      }
      const evaluated = Date.parse(tick.notified_at);
      const line =
        `sample ${k + 1}: ${s(mail.received - overdue)} = waiting for the next poll ` +
        `${s(evaluated - overdue)} + evaluation and forwarder wake-up ` +
        `${s(mail.connected - evaluated)} + SMTP delivery ${s(mail.received - mail.connected)} (${load})`;
      return { line, ms: mail.received - overdue, workMs: mail.received - evaluated };
    });
  } finally {
    await db.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
  }
}

/** The samples and their worst case, on a scratch database dropped afterwards. */
export async function alertLatency(adminUrl: string, loadAverage: () => Promise<string>) {
  const name = `mailpulse_bench_latency_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const samples = await measure(url.toString(), loadAverage);
    const times = samples.flatMap((sample) => (sample.ms === null ? [] : [sample.ms]));
    const worst = times.length === SAMPLES ? s(Math.max(...times)) : 'not measured';
    const work = samples.flatMap((sample) => (sample.workMs === null ? [] : [sample.workMs]));
    return [
      ...samples.map((sample) => sample.line),
      `overdue to notification at the SMTP server, ALERT_INTERVAL_S=60: at most ${worst} ` +
        `over ${SAMPLES} samples, each overdue ${AFTER_POLL_MS} ms after a poll (budget 60 s); ` +
        `the worst case is one poll: ${s(ALERT_POLL_MS)} + ` +
        `${s(Math.max(0, ...work))} of evaluation and delivery`,
    ];
  } finally {
    await adminQuery(adminUrl, `drop database ${name} with (force)`);
  }
}
