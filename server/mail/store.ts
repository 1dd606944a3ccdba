import type { Queryable, Tx } from '../db/types';
import { decodeMimeWords, parseAddressList, parseMessageIds } from './addresses';
import type { SyncBatch, SyncedMessage } from './connector';
import { bumpDataVersion } from '../stats/data-version';

// The one way synced mail enters the database: a batch and the mailbox's new cursor in one
// transaction, under the sync lease, so a process killed at any point loses and doubles nothing.

export interface StoreTarget {
  workspaceId: number;
  mailboxId: number;
  /** The mailbox's address, lower-case: a message from it is outbound. */
  email: string;
  /** The lease holder that claimed the mailbox; a batch from a lost lease is refused. */
  leaseOwner: string;
}

export interface CommitResult {
  /** Messages not stored before. */
  inserted: number;
  /** Threads whose messages changed (new, or merged into another): their figures are stale. */
  threads: string[];
}

/** The lease was taken over (expired, or the mailbox removed): this batch must not be stored. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

interface MessageRow {
  provider_id: string;
  thread_key: string;
  direction: 'inbound' | 'outbound';
  sent_at: string;
  folder: string | null;
  labels: readonly string[];
  categories: readonly string[];
  from_address: string;
  from_name: string;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  message_id_header: string | null;
  in_reply_to: string | null;
  references_ids: string[];
  auto_submitted: string | null;
  precedence: string | null;
  list_id: string | null;
}

const clean = (value: string | null) => (value === null ? null : value.replace(/\0/g, '').trim());

/** The row of a message; `thread_key` is the provider's, or '' until threaded by headers. */
function toRow(message: SyncedMessage, mailboxEmail: string): MessageRow {
  const { headers } = message;
  const from = parseAddressList(headers.from)[0];
  const fromAddress = from?.address ?? '';
  const messageId = parseMessageIds(headers.messageId)[0] ?? null;
  return {
    provider_id: message.providerId,
    thread_key: message.threadKey ?? '',
    direction: message.inSentFolder || fromAddress === mailboxEmail ? 'outbound' : 'inbound',
    sent_at: message.sentAt.toISOString(),
    folder: message.folder,
    labels: message.labels,
    categories: message.categories,
    from_address: fromAddress,
    from_name: clean(from?.name ?? '') ?? '',
    to_addresses: parseAddressList(headers.to).map((parsed) => parsed.address),
    cc_addresses: parseAddressList(headers.cc).map((parsed) => parsed.address),
    subject: clean(decodeMimeWords(headers.subject ?? '')) ?? '',
    message_id_header: messageId,
    in_reply_to: parseMessageIds(headers.inReplyTo)[0] ?? null,
    references_ids: parseMessageIds(headers.references),
    auto_submitted: clean(headers.autoSubmitted),
    precedence: clean(headers.precedence),
    list_id: clean(headers.listId),
  };
}

/**
 * IMAP threads by headers: a message joins the thread of a stored (or earlier in this batch)
 * message named in its In-Reply-To, else in its References from the nearest; otherwise it starts
 * its own thread, keyed by its Message-ID.
 */
async function threadByHeaders(
  db: Queryable,
  target: StoreTarget,
  rows: MessageRow[],
): Promise<boolean> {
  const unthreaded = rows.filter((row) => row.thread_key === '');
  if (unthreaded.length === 0) return false;
  const wanted = new Set<string>();
  for (const row of unthreaded) {
    for (const id of [row.message_id_header, row.in_reply_to, ...row.references_ids]) {
      if (id) wanted.add(id);
    }
  }
  const known = new Map<string, string>();
  const stored = await db.query<{ message_id_header: string; thread_key: string }>(
    `select distinct on (message_id_header) message_id_header, thread_key from messages
      where workspace_id = $1 and mailbox_id = $2 and message_id_header = any($3::text[])
      order by message_id_header, sent_at`,
    [target.workspaceId, target.mailboxId, [...wanted]],
  );
  for (const row of stored) known.set(row.message_id_header, row.thread_key);
  const inOrder = [...unthreaded].sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  for (const row of inOrder) {
    const parents = [row.message_id_header, row.in_reply_to, ...row.references_ids.toReversed()];
    const found = parents.map((id) => (id ? known.get(id) : undefined)).find(Boolean);
    row.thread_key = found ?? row.message_id_header ?? `id:${row.provider_id}`;
    if (row.message_id_header && !known.has(row.message_id_header)) {
      known.set(row.message_id_header, row.thread_key);
    }
  }
  return true;
}

const INSERT = `
  insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
    folder, labels, categories, from_address, from_name, to_addresses, cc_addresses, subject,
    message_id_header, in_reply_to, references_ids, auto_submitted, precedence, list_id)
  select $1, $2, r.provider_id, r.thread_key, r.direction, r.sent_at, r.folder,
    coalesce(r.labels, '{}'), coalesce(r.categories, '{}'), r.from_address, r.from_name,
    coalesce(r.to_addresses, '{}'), coalesce(r.cc_addresses, '{}'), r.subject,
    r.message_id_header, r.in_reply_to, coalesce(r.references_ids, '{}'), r.auto_submitted,
    r.precedence, r.list_id
  from jsonb_to_recordset($3::jsonb) as r(provider_id text, thread_key text, direction text,
    sent_at timestamptz, folder text, labels text[], categories text[], from_address text,
    from_name text, to_addresses text[], cc_addresses text[], subject text,
    message_id_header text, in_reply_to text, references_ids text[], auto_submitted text,
    precedence text, list_id text)
  on conflict (workspace_id, mailbox_id, provider_id) do update
    set labels = excluded.labels, categories = excluded.categories, folder = excluded.folder
  returning thread_key, (xmax = 0) as inserted`;

// A stored reply whose original arrives later (another folder, another batch) moves, with its
// whole thread, into the original's thread. `moved` is materialized and its candidates found by
// the indexes of migration 0004: inlined, it was evaluated once per updated row (seconds per batch
// at a few thousand stored messages).
const MERGE_DESCENDANTS = `
  with batch as (
    select * from unnest($3::text[], $4::text[]) as b(header_id, thread_key)
  ), moved as materialized (
    select distinct on (m.thread_key) m.thread_key as old_key, b.thread_key as new_key
    from messages m join batch b
      on m.in_reply_to = b.header_id or b.header_id = any(m.references_ids)
    where m.workspace_id = $1 and m.mailbox_id = $2 and m.thread_key <> b.thread_key
      and (m.in_reply_to = any($3::text[]) or m.references_ids && $3::text[])
    order by m.thread_key, b.thread_key
  )
  update messages u set thread_key = moved.new_key from moved
  where u.workspace_id = $1 and u.mailbox_id = $2 and u.thread_key = moved.old_key
  returning moved.old_key, moved.new_key`;

async function insertRows(tx: Tx, target: StoreTarget, rows: MessageRow[], byHeaders: boolean) {
  if (rows.length === 0) return { inserted: 0, threads: new Set<string>() };
  const result = await tx.query<{ thread_key: string; inserted: boolean }>(INSERT, [
    target.workspaceId,
    target.mailboxId,
    JSON.stringify(rows),
  ]);
  const threads = new Set(result.filter((r) => r.inserted).map((r) => r.thread_key));
  const headed = rows.filter((row) => row.message_id_header !== null);
  if (byHeaders && headed.length > 0) {
    const merged = await tx.query<{ old_key: string; new_key: string }>(MERGE_DESCENDANTS, [
      target.workspaceId,
      target.mailboxId,
      headed.map((row) => row.message_id_header),
      headed.map((row) => row.thread_key),
    ]);
    for (const row of merged) threads.add(row.old_key).add(row.new_key);
  }
  return { inserted: result.filter((r) => r.inserted).length, threads };
}

/** Moves the cursor and progress on, under the lease; throws LeaseLostError when it was lost. */
async function advanceCursor(tx: Tx, target: StoreTarget, batch: SyncBatch) {
  const updated = await tx.query<{ mailbox_id: number }>(
    `update mailbox_sync s set cursor = $4::jsonb,
        history_loaded = s.history_loaded or $5,
        progress_done = $6, progress_total = $7, last_synced_at = now(), last_error = null
      from mailboxes m
      where s.workspace_id = $1 and s.mailbox_id = $2 and s.lease_owner = $3
        and s.lease_expires_at > now()
        and m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
        and m.removed_at is null
      returning s.mailbox_id`,
    [
      target.workspaceId,
      target.mailboxId,
      target.leaseOwner,
      JSON.stringify(batch.cursor),
      batch.historyLoaded,
      batch.progress.done,
      batch.progress.total,
    ],
  );
  if (updated.length === 0) {
    throw new LeaseLostError(`the sync lease of mailbox ${target.mailboxId} was lost`);
  }
  await tx.query(
    `update mailboxes m set status = case when s.history_loaded then 'working' else 'loading_data' end
      from mailbox_sync s
      where m.workspace_id = $1 and m.mailbox_id = $2
        and s.workspace_id = m.workspace_id and s.mailbox_id = m.mailbox_id`,
    [target.workspaceId, target.mailboxId],
  );
}

/** Stores a batch and its cursor in one transaction; what changed is returned for the figures. */
export async function commitBatch(
  tx: Tx,
  target: StoreTarget,
  batch: SyncBatch,
): Promise<CommitResult> {
  const rows = batch.messages.map((message) => toRow(message, target.email));
  const byHeaders = await threadByHeaders(tx, target, rows);
  const { inserted, threads } = await insertRows(tx, target, rows, byHeaders);
  await advanceCursor(tx, target, batch);
  if (threads.size > 0) await bumpDataVersion(tx, target.workspaceId, target.mailboxId);
  return { inserted, threads: [...threads] };
}
