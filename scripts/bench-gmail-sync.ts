/**
 * Issue 11's cloud figures for `npm run bench`: the time to sync 10,000 messages from the Gmail
 * stand-in, and 10,000 from the Graph stand-in, into a fresh embedded database (PGlite) through
 * the connectors and commitBatch, batch and cursor in one transaction each, as the worker does.
 * The stand-ins run in this process on loopback; creating the database is not timed.
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
import { createMicrosoftConnector } from '../server/mail/microsoft/connector';
import { commitBatch, type StoreTarget } from '../server/mail/store';
import { createWorkspace } from '../server/repos/workspaces';
import { startGoogleStandin } from '../test/support/google-standin';
import { startGraphStandin } from '../test/support/graph-standin';

const MESSAGES = 10_000;
const BUDGET_S = 30;
const DOMAIN = 'bench-sync.example';
const DAY_MS = 86_400_000;
const DATA_FROM = new Date(Date.now() - 90 * DAY_MS).toISOString().slice(0, 10);

/** The i-th of MESSAGES messages: a fifth sent, spread over the last sixty days. */
function nth(i: number) {
  const at = new Date(Date.now() - 60 * DAY_MS + (i * 60 * DAY_MS) / MESSAGES);
  const customer = `customer${i % 300}@client${i % 7}.example`;
  return {
    at,
    sent: i % 5 === 4,
    customer,
    subject: `Order ${i}`,
    thread: `t${Math.floor(i / 3)}`,
  };
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

/** Syncs the mailbox in full; returns seconds, batches and messages stored. */
async function timeSync(db: Db, connector: MailConnector, target: StoreTarget) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let batches = 0;
  let inserted = 0;
  const syncTarget = { email: target.email, dataFrom: DATA_FROM };
  for await (const batch of connector.sync(syncTarget, null, new AbortController().signal)) {
    inserted += (await db.transaction((tx) => commitBatch(tx, target, batch))).inserted;
    batches += 1;
  }
  await connector.close();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { seconds: (performance.now() - started) / 1000, cpuSeconds, batches, inserted };
}

async function gmail(db: Db, workspaceId: number) {
  const google = await startGoogleStandin();
  try {
    const target = await leasedMailbox(db, workspaceId, 'gmail');
    const mailbox = google.addMailbox(target.email);
    for (let i = 0; i < MESSAGES; i += 1) {
      const m = nth(i);
      mailbox.add({
        at: m.at,
        labelIds: [m.sent ? 'SENT' : 'INBOX'],
        threadId: m.thread,
        headers: {
          From: m.sent ? target.email : `Customer <${m.customer}>`,
          To: m.sent ? m.customer : target.email,
          Subject: m.subject,
          'Message-ID': `<g${i}@bench.example>`,
        },
      });
    }
    const urls = { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl };
    return await timeSync(
      db,
      createGoogleConnector({ serviceAccount: google.serviceAccount }, urls),
      target,
    );
  } finally {
    await google.close();
  }
}

async function graph(db: Db, workspaceId: number) {
  const standin = await startGraphStandin();
  try {
    const target = await leasedMailbox(db, workspaceId, 'graph');
    const mailbox = standin.addMailbox(target.email);
    const own = { address: target.email };
    for (let i = 0; i < MESSAGES; i += 1) {
      const m = nth(i);
      const customer = { name: 'Customer', address: m.customer };
      mailbox.add(m.sent ? 'sentitems' : 'inbox', {
        received: m.at,
        from: m.sent ? own : customer,
        to: [m.sent ? customer : own],
        subject: m.subject,
        conversationId: m.thread,
        internetMessageId: `<m${i}@bench.example>`,
      });
    }
    const urls = { loginBaseUrl: standin.loginBaseUrl, graphBaseUrl: standin.graphBaseUrl };
    return await timeSync(db, createMicrosoftConnector(standin.account, urls), target);
  } finally {
    await standin.close();
  }
}

type Run = Awaited<ReturnType<typeof timeSync>>;

// CPU time is the process's, stand-in included: on a busy machine it says more than the clock.
const line = (name: string, run: Run) =>
  `${name} sync of ${MESSAGES.toLocaleString('en')} messages: ${run.seconds.toFixed(1)} s ` +
  `(budget ${BUDGET_S} s; CPU ${run.cpuSeconds.toFixed(1)} s), ${run.batches} batches, ` +
  `${run.inserted} stored`;

export async function cloudSyncTimings(scratchDir: string): Promise<string[]> {
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
    const lines = [line('Gmail stand-in', await gmail(db, workspace.workspace_id))];
    lines.push(line('Graph stand-in', await graph(db, workspace.workspace_id)));
    lines.push(
      `peak memory of the process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    );
    return lines;
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cloudSyncTimings(resolve(fileURLToPath(new URL('../.tmp/', import.meta.url))))
    .then((lines) => lines.forEach((text) => console.log(text)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
