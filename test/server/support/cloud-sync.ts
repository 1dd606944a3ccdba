import type { Db } from '../../../server/db/types';
import type { MailConnector, SyncCursor, SyncTarget } from '../../../server/mail/connector';
import { commitBatch, type StoreTarget } from '../../../server/mail/store';
import { storedMail } from '../../../server/mail/stored-mail';
import type { TestSuite } from './suite';

// What the cloud connector tests share: a mailbox with a held sync lease in a fresh workspace,
// its stored mail as the worker gives it to a connector, and a sync run that stores each batch
// with the real store, as the worker does.

export interface SyncedMailbox {
  store: StoreTarget;
  target: SyncTarget;
}

/** A tracked mailbox `local@<the workspace's domain>` whose sync lease `worker-a` holds. */
export async function leasedMailbox(
  suite: TestSuite,
  local: string,
  dataFrom: string,
): Promise<SyncedMailbox> {
  const ws = await suite.workspace();
  const email = `${local}@${ws.domain}`;
  const [mailbox] = await suite.db.query<{ mailbox_id: number }>(
    `insert into mailboxes (workspace_id, email) values ($1, $2) returning mailbox_id`,
    [ws.workspaceId, email],
  );
  if (!mailbox) throw new Error('no mailbox');
  await suite.db.query(
    `insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
     values ($1, $2, 'worker-a', now() + interval '1 hour')`,
    [ws.workspaceId, mailbox.mailbox_id],
  );
  return {
    store: {
      workspaceId: ws.workspaceId,
      mailboxId: mailbox.mailbox_id,
      email,
      leaseOwner: 'worker-a',
    },
    target: {
      email,
      dataFrom,
      stored: storedMail(suite.db, { workspaceId: ws.workspaceId, mailboxId: mailbox.mailbox_id }),
    },
  };
}

export async function storedCursor(db: Db, mailbox: SyncedMailbox): Promise<SyncCursor | null> {
  const [row] = await db.query<{ cursor: SyncCursor | null }>(
    `select cursor from mailbox_sync where workspace_id = $1 and mailbox_id = $2`,
    [mailbox.store.workspaceId, mailbox.store.mailboxId],
  );
  return row?.cursor ?? null;
}

export interface SyncRun {
  batches: number;
  inserted: number;
}

/**
 * Syncs from the stored cursor, committing each batch with its cursor; with `stopAfter` it
 * stops after that many batches, as a killed process would.
 */
export async function syncAndStore(
  db: Db,
  connector: MailConnector,
  mailbox: SyncedMailbox,
  stopAfter = Infinity,
): Promise<SyncRun> {
  const run = { batches: 0, inserted: 0 };
  const cursor = await storedCursor(db, mailbox);
  for await (const batch of connector.sync(mailbox.target, cursor, new AbortController().signal)) {
    const result = await db.transaction((tx) => commitBatch(tx, mailbox.store, batch));
    run.batches += 1;
    run.inserted += result.inserted;
    if (run.batches >= stopAfter) break;
  }
  return run;
}

export interface StoredMessage {
  provider_id: string;
  thread_key: string;
  direction: string;
  sent_at: string;
  folder: string | null;
  labels: string[];
  categories: string[];
  from_address: string;
  subject: string;
}

export function storedMessages(db: Db, mailbox: SyncedMailbox): Promise<StoredMessage[]> {
  return db.query<StoredMessage>(
    `select provider_id, thread_key, direction, sent_at, folder, labels, categories, from_address,
            subject
       from messages where workspace_id = $1 and mailbox_id = $2 order by sent_at, provider_id`,
    [mailbox.store.workspaceId, mailbox.store.mailboxId],
  );
}

/** The mailbox's messages set aside in spam or trash: `{ providerId: 'spam' | 'trash' }`. */
export async function setAsideIds(db: Db, mailbox: SyncedMailbox) {
  const rows = await db.query<{ provider_id: string; set_aside: string }>(
    `select provider_id, set_aside from messages
      where workspace_id = $1 and mailbox_id = $2 and set_aside is not null`,
    [mailbox.store.workspaceId, mailbox.store.mailboxId],
  );
  return Object.fromEntries(rows.map((row) => [row.provider_id, row.set_aside]));
}

export async function syncState(db: Db, mailbox: SyncedMailbox) {
  const [row] = await db.query<{ history_loaded: boolean; status: string; progress_done: number }>(
    `select s.history_loaded, m.status, s.progress_done from mailbox_sync s
       join mailboxes m using (workspace_id, mailbox_id)
      where s.workspace_id = $1 and s.mailbox_id = $2`,
    [mailbox.store.workspaceId, mailbox.store.mailboxId],
  );
  return row;
}

/**
 * A clock the sync and a stand-in share: a sleep moves it on at once and is remembered, so
 * quotas and backoffs run in no real time. `random` is 1, so each backoff is its longest.
 */
export function virtualClock(start = Date.now()) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    nowMs: () => now,
    now: () => new Date(now),
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    random: () => 1,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export type VirtualClock = ReturnType<typeof virtualClock>;

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

export const DAY_MS = 86_400_000;
