import { sql } from '../db/sql';
import type { Tx } from '../db/types';
import { bumpDataVersion } from '../stats/data-version';
import type { SyncBatch } from './connector';
import type { HeaderKey } from './header-caps';
import {
  batchRows,
  changeRow,
  threadByHeaders,
  type HeaderCuts,
  type StoreTarget,
} from './store-rows';
import { applyChanges, mergeDescendants, upsertRows } from './store-sql';

// The one way synced mail enters the database: a batch and the mailbox's new cursor in one
// transaction, under the sync lease, so a process killed at any point loses and doubles nothing.

export type { StoreTarget } from './store-rows';

export interface CommitResult {
  /** Messages not stored before. */
  inserted: number;
  /**
   * Threads whose figures are stale: a message new, merged into another thread, moved (folder,
   * labels, categories, direction), set aside in spam or trash, or back, or read again with
   * other header values.
   */
  threads: string[];
  /** Messages whose header values were cut to HEADER_CAP_BYTES, by header; absent when none. */
  headersCut?: Partial<Record<HeaderKey, number>>;
}

/** The lease was taken over (expired, or the mailbox removed): this batch must not be stored. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
}

/** Moves the cursor and progress on, under the lease; throws LeaseLostError when it was lost. */
async function advanceCursor(tx: Tx, target: StoreTarget, batch: SyncBatch) {
  const { workspaceId, mailboxId } = target;
  const updated = await tx.query<{ mailbox_id: number }>(
    sql`update mailbox_sync s set cursor = ${JSON.stringify(batch.cursor)}::jsonb,
          history_loaded = s.history_loaded or ${batch.historyLoaded},
          progress_done = ${batch.progress.done}, progress_total = ${batch.progress.total},
          last_synced_at = now(), last_error = null
        from mailboxes m
       where s.workspace_id = ${workspaceId} and s.mailbox_id = ${mailboxId}
         and s.lease_owner = ${target.leaseOwner} and s.lease_expires_at > now()
         and m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
         and m.removed_at is null
      returning s.mailbox_id`,
  );
  if (updated.length === 0) {
    throw new LeaseLostError(`the sync lease of mailbox ${mailboxId} was lost`);
  }
  await tx.query(
    sql`update mailboxes m
           set status = case when s.history_loaded then 'working' else 'loading_data' end
          from mailbox_sync s
         where m.workspace_id = ${workspaceId} and m.mailbox_id = ${mailboxId}
           and s.workspace_id = m.workspace_id and s.mailbox_id = m.mailbox_id`,
  );
}

/** Stores a batch and its cursor in one transaction; what changed is returned for the figures. */
export async function commitBatch(
  tx: Tx,
  target: StoreTarget,
  batch: SyncBatch,
): Promise<CommitResult> {
  const cuts: HeaderCuts = new Map();
  const rows = batchRows(batch.messages, target.email, cuts);
  const threads = new Set<string>();
  let inserted = 0;
  if (rows.length > 0) {
    const byHeaders = await threadByHeaders(tx, target, rows);
    for (const row of await upsertRows(tx, target, rows)) {
      threads.add(row.thread_key);
      if (row.inserted) inserted += 1;
    }
    if (byHeaders) {
      for (const row of await mergeDescendants(tx, target, rows)) {
        threads.add(row.old_key).add(row.new_key);
      }
    }
  }
  if (batch.changes && batch.changes.length > 0) {
    for (const row of await applyChanges(tx, target, batch.changes.map(changeRow))) {
      threads.add(row.thread_key);
    }
  }
  await advanceCursor(tx, target, batch);
  if (threads.size > 0) await bumpDataVersion(tx, target.workspaceId, target.mailboxId);
  const result = { inserted, threads: [...threads] };
  return cuts.size > 0 ? { ...result, headersCut: Object.fromEntries(cuts) } : result;
}
