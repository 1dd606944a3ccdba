import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/types';
import type { Dovecot } from '../../support/dovecot';
import { createTestWorkspace, type TestWorkspace } from './app';
import { addSyncedMailbox, message, readFromDovecot } from './mail-sync';
import { bundled } from './server-process';

// The scale-out test's pieces: its mail in Dovecot, a workspace that reads it, worker processes
// as `npm run worker` runs them, and a poll for a condition of the database.

export const MAILBOXES = 20;
export const THREADS = 12;
export const DOMAIN = 'scaleout.example';
const DAY = 86_400_000;

export const boxes = Array.from({ length: MAILBOXES }, (_, i) => `box${i}@${DOMAIN}`);
/** The range every figure is asked for: the last ten days. */
export const RANGE = {
  from: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10),
  to: new Date(Date.now() + DAY).toISOString().slice(0, 10),
};

/**
 * Each mailbox's mail, two days old: twelve customers' questions (of two domains), every other
 * one answered 90 minutes later from Sent; the rest wait, overdue for an alert of an hour.
 */
export async function fillDovecot(dovecot: Dovecot): Promise<number> {
  const start = Date.now() - 2 * DAY;
  for (const [i, box] of boxes.entries()) {
    await dovecot.addUser(box);
    const questions = Array.from({ length: THREADS }, (_, j) =>
      message({
        from: `cust${j % 3}@customer${(i + j) % 2 === 0 ? 1 : 2}.example`,
        to: box,
        subject: `Question ${j}`,
        date: new Date(start + j * 600_000).toISOString(),
      }),
    );
    const answers = questions
      .filter((_, j) => j % 2 === 0)
      .map((q, j) =>
        message({
          from: box,
          to: /^From: (.*)$/m.exec(q.raw)?.[1] ?? '',
          subject: `Re: Question ${j * 2}`,
          date: new Date(start + j * 1_200_000 + 5_400_000).toISOString(),
          inReplyTo: q.id,
          references: q.id,
        }),
      );
    await dovecot.appendBulk(box, 'INBOX', questions);
    await dovecot.appendBulk(box, 'Sent', answers);
  }
  return MAILBOXES * (THREADS + THREADS / 2);
}

/** The same workspace on each database: its users, its Dovecot account and twenty mailboxes. */
export async function scaleWorkspace(db: Db, dovecot: Dovecot): Promise<TestWorkspace> {
  const ws = await createTestWorkspace(db, { domain: DOMAIN, maxMailboxes: 30 });
  await readFromDovecot(db, ws.workspaceId, dovecot);
  const since = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
  for (const box of boxes) await addSyncedMailbox(db, ws.workspaceId, box, since);
  return ws;
}

/** Three alerts of an hour on the waiting questions: by domain, and by one address. */
export const alertBodies = (ws: TestWorkspace) =>
  [
    { name: 'Customer one', domains: ['customer1.example'], addresses: [], mailboxes: boxes },
    { name: 'Customer two', domains: ['customer2.example'], addresses: [], mailboxes: boxes },
    { name: 'Key contact', domains: [], addresses: ['cust0@customer1.example'], mailboxes: boxes },
  ].map((alert) => ({
    ...alert,
    minutes_gap: 60,
    base: 'unreplied_emails',
    notify_emails: [`admin@${ws.domain}`],
  }));

/** Stats requests whose replies must equal between the two runs. */
export const FIGURES = [
  'summary',
  'breakdown?by=mailbox',
  'breakdown?by=domain',
  'timeseries?granularity=day',
  'distribution',
  'heatmap',
  'unreplied?order=longest&page_size=200',
].map((path) => {
  const [name = '', query = ''] = path.split('?');
  const params = new URLSearchParams({
    ...RANGE,
    ...Object.fromEntries(new URLSearchParams(query)),
  });
  return `/portal/api/stats/${name}?${params.toString()}`;
});

/** A reply's figures without what depends on the instant it was asked or on row numbering. */
export function comparable(body: unknown): unknown {
  // Waiting times grow by the second; a request's id names its message's row, which the two
  // databases number each in their own order.
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    key === 'waiting' || key === 'id' ? undefined : value,
  );
}

export interface WorkerProcess {
  child: ChildProcess;
  output: string[];
}

/** `npm run worker`'s entry (server/worker.ts, bundled), resolved once it says it runs. */
export function startWorker(env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
  const child = spawn(process.execPath, bundled('worker'), {
    env,
    stdio: 'pipe',
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`worker exited with ${code}: ${output.join('')}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      if (line === 'Mailpulse worker running') resolve({ child, output });
    });
  });
}

/** SIGKILL, and its exit. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** The process id in a lease owner, `host:pid:nonce`. */
export const pidOf = (owner: string) => Number(owner.split(':').at(-2));

/** Runs `statement` in a transaction of its own and keeps it open, its locks held, until released. */
export function holdLocks(db: Db, statement: string, params: unknown[] = []) {
  let release = () => {};
  let taken = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const took = new Promise<void>((resolve) => (taken = resolve));
  const held = db.transaction(async (tx) => {
    await tx.query(statement, params);
    taken();
    await released;
  });
  return {
    /** Resolves once the locks are held (or the statement failed). */
    taken: Promise.race([took, held]),
    release: () => {
      release();
      return held;
    },
  };
}

/** Polls the database until `check` returns a value (not a fixed wait: it ends when true). */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    expect(Date.now(), `waiting for ${what}`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
