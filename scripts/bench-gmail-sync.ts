/**
 * Issue 22's Gmail figure for `npm run bench -- sync`: a first sync of 10,000 messages from the
 * Gmail stand-in into a fresh embedded database (PGlite), through the connector and commitBatch
 * (batch and cursor in one transaction each, the planner's statistics refreshed, as the worker
 * does), beside the floor Gmail's per-user quota sets: 10,000 messages × 5 units ÷ 15,000 units
 * a minute = 200 s.
 *
 * Honest pacing: the stand-in runs on the real clock with Gmail's quota (15,000 units a sliding
 * minute, 50 calls of one user in flight, a batch held 20 ms), and refuses what Gmail would; the
 * connector's own pacing is all that keeps it under. It takes about four minutes. The stand-in
 * runs in this process on loopback; creating the database is not timed.
 * Run alone: `npx tsx scripts/bench-gmail-sync.ts`.
 */
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import type { Db } from '../server/db/types';
import type { MailConnector } from '../server/mail/connector';
import { createGoogleConnector } from '../server/mail/google/connector';
import { commitBatch, type StoreTarget } from '../server/mail/store';
import { statisticsKeeper } from '../server/mail/sync-worker';
import { createWorkspace } from '../server/repos/workspaces';
import { startGoogleStandin } from '../test/support/google-standin';

const MESSAGES = 10_000;
const DOMAIN = 'bench-sync.example';
const DAY_MS = 86_400_000;
export const DATA_FROM = new Date(Date.now() - 90 * DAY_MS).toISOString().slice(0, 10);

/** The i-th of `count` messages: a fifth sent, a fifth archived, over the last sixty days. */
export function nth(i: number, count: number) {
  const at = new Date(Date.now() - 60 * DAY_MS + (i * 60 * DAY_MS) / count);
  const customer = `customer${i % 300}@client${i % 7}.example`;
  const kind = (['inbox', 'inbox', 'inbox', 'archived', 'sent'] as const)[i % 5]!;
  return { at, kind, customer, subject: `Order ${i}`, thread: `t${Math.floor(i / 3)}` };
}

async function leasedMailbox(db: Db, workspaceId: number, local: string): Promise<StoreTarget> {
  const email = `${local}@${DOMAIN}`;
  const [row] = await db.query<{ mailbox_id: number }>(
    `with m as (insert into mailboxes (workspace_id, email) values ($1, $2) returning mailbox_id)
     insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
     select $1, mailbox_id, 'bench', now() + interval '1 hour' from m returning mailbox_id`,
    [workspaceId, email],
  );
  if (!row) throw new Error('no mailbox');
  return { workspaceId, mailboxId: row.mailbox_id, email, leaseOwner: 'bench' };
}

/** Syncs the mailbox in full from no cursor; returns seconds, batches and messages stored. */
export async function timeSync(db: Db, connector: MailConnector, target: StoreTarget) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let batches = 0;
  let inserted = 0;
  const syncTarget = { email: target.email, dataFrom: DATA_FROM };
  // The worker's refresh of the planner's statistics, without which each lookup scans the mailbox.
  const analyzeAfter = statisticsKeeper(db);
  for await (const batch of connector.sync(syncTarget, null, new AbortController().signal)) {
    const stored = (await db.transaction((tx) => commitBatch(tx, target, batch))).inserted;
    inserted += stored;
    batches += 1;
    await analyzeAfter(stored);
  }
  await connector.close();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { seconds: (performance.now() - started) / 1000, cpuSeconds, batches, inserted };
}

/** A fresh embedded database with one workspace, for `measure`; removed after. */
export async function withBenchDb<T>(
  scratchDir: string,
  measure: (
    db: Db,
    workspaceId: number,
    mailbox: (local: string) => Promise<StoreTarget>,
  ) => Promise<T>,
): Promise<T> {
  const dataDir = resolve(scratchDir, `bench-cloud-sync-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(scratchDir, { recursive: true });
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    const workspace = await db.transaction((tx) =>
      createWorkspace(tx, {
        client_name: 'Bench sync',
        allowed_domains: [DOMAIN],
        provider: 'G',
        max_mailboxes: 10,
        max_users: 10,
        max_alerts: 5,
      }),
    );
    const id = workspace.workspace_id;
    return await measure(db, id, (local) => leasedMailbox(db, id, local));
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function gmailSyncTimings(scratchDir: string): Promise<string[]> {
  const google = await startGoogleStandin();
  try {
    return await withBenchDb(scratchDir, async (db, _, mailbox) => {
      const target = await mailbox('gmail');
      const gmail = google.addMailbox(target.email);
      for (let i = 0; i < MESSAGES; i += 1) {
        const m = nth(i, MESSAGES);
        const labels = { inbox: ['INBOX'], archived: ['IMPORTANT'], sent: ['SENT'] }[m.kind];
        gmail.add({
          at: m.at,
          labelIds: labels,
          threadId: m.thread,
          headers: {
            From: m.kind === 'sent' ? target.email : `Customer <${m.customer}>`,
            To: m.kind === 'sent' ? m.customer : target.email,
            Subject: m.subject,
            'Message-ID': `<g${i}@bench.example>`,
          },
        });
      }
      const endpoints = { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl };
      const connector = createGoogleConnector({ serviceAccount: google.serviceAccount }, endpoints);
      const run = await timeSync(db, connector, target);
      const floorS = (MESSAGES * 5 * 60) / 15_000;
      const calls = google.server.calls.filter((call) => call.path.startsWith('/gmail/'));
      const refused = calls.filter((call) => call.status === 403 || call.status === 429).length;
      return [
        `Gmail sync of ${MESSAGES.toLocaleString('en')} messages (stand-in on the real clock, ` +
          `quota 15,000 units a minute): ${run.seconds.toFixed(1)} s; the quota's floor ` +
          `${floorS.toFixed(0)} s; ratio ${(run.seconds / floorS).toFixed(2)} (aim ≤ 1.2)`,
        `  ${run.inserted} stored in ${run.batches} batches; ${calls.length} Gmail calls ` +
          `(${refused} refused for quota or concurrency; at most ` +
          `${google.concurrency.peak} in flight); CPU ${run.cpuSeconds.toFixed(1)} s`,
      ];
    });
  } finally {
    await google.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  gmailSyncTimings(resolve(fileURLToPath(new URL('../.tmp/', import.meta.url))))
    .then((lines) => lines.forEach((text) => console.log(text)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
