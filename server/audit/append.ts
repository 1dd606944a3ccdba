import type { Queryable } from '../db/types';
import { appendAtHead, lockChainHead, type UnplacedRow } from '../repos/audit';
import { entryJsonAround, type NewEntry, type StoredEntry } from './entry';

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
  const userAgent = entry.client.userAgent?.slice(0, MAX_USER_AGENT) ?? null;
  const unplaced = { ...entry, client: { ...entry.client, userAgent }, at: now.toISOString() };
  const row: UnplacedRow = {
    workspace_id: unplaced.workspaceId,
    at: unplaced.at,
    actor_kind: unplaced.actor.kind,
    actor_user_id: unplaced.actor.userId,
    actor_name: unplaced.actor.name,
    client_address: unplaced.client.address,
    user_agent: userAgent,
    operation: unplaced.operation,
    target_type: unplaced.target.type,
    target_id: unplaced.target.id,
    target_name: unplaced.target.name,
    before: unplaced.before,
    after: unplaced.after,
    json: entryJsonAround(unplaced),
  };
  // A workspace's first entry creates its chain head (at the genesis hash) and appends again.
  let placed = await appendAtHead(tx, row);
  if (!placed) {
    await lockChainHead(tx, unplaced.workspaceId);
    placed = await appendAtHead(tx, row);
  }
  if (!placed) throw new Error(`no audit chain head for workspace ${unplaced.workspaceId}`);
  return { ...unplaced, seq: Number(placed.seq), prevHash: placed.prev_hash, hash: placed.hash };
}
