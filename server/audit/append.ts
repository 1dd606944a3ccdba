import type { Queryable } from '../db/types';
import { insertEntry, lockChainHead } from '../repos/audit';
import { entryHash, type NewEntry, type StoredEntry } from './entry';

const MAX_USER_AGENT = 512;

/**
 * Appends an entry to its workspace's chain inside the caller's transaction, so the entry and the
 * change it records commit or roll back together. Returns the entry as stored.
 */
export async function appendEntry(
  tx: Queryable,
  entry: NewEntry,
  now: Date = new Date(),
): Promise<StoredEntry> {
  const head = await lockChainHead(tx, entry.workspaceId);
  const userAgent = entry.client.userAgent?.slice(0, MAX_USER_AGENT) ?? null;
  const unhashed = {
    ...entry,
    client: { ...entry.client, userAgent },
    seq: head.seq + 1,
    at: now.toISOString(),
    prevHash: head.hash,
  };
  const stored = { ...unhashed, hash: entryHash(unhashed) };
  await insertEntry(tx, {
    workspace_id: stored.workspaceId,
    seq: stored.seq,
    at: stored.at,
    actor_kind: stored.actor.kind,
    actor_user_id: stored.actor.userId,
    actor_name: stored.actor.name,
    client_address: stored.client.address,
    user_agent: userAgent,
    operation: stored.operation,
    target_type: stored.target.type,
    target_id: stored.target.id,
    target_name: stored.target.name,
    before: stored.before,
    after: stored.after,
    prev_hash: stored.prevHash,
    hash: stored.hash,
  });
  return stored;
}
