import type { Queryable } from '../db/types';
import { chainState, entriesFrom, type EntryRow } from '../repos/audit';
import type { Fields, StoredEntry } from './entry';
import { entryHash } from './entry';
import { GENESIS_HASH } from './canonical';

// Walks a workspace's chain from its anchor: each entry must follow the one before (no gap), hold
// the previous entry's hash, and hash to its own; the last must be the head the appends moved.

type Verdict = { ok: true; entries: number } | { ok: false; seq: number; problem: string };

const BATCH = 10_000;

function storedEntry(row: EntryRow): StoredEntry {
  return {
    workspaceId: row.workspace_id,
    seq: Number(row.seq),
    at: row.at,
    actor:
      row.actor_kind === 'user'
        ? { kind: 'user', userId: row.actor_user_id, name: row.actor_name }
        : { kind: row.actor_kind, userId: null, name: row.actor_name },
    client: { address: row.client_address, userAgent: row.user_agent },
    operation: row.operation,
    target: { type: row.target_type, id: row.target_id, name: row.target_name },
    before: row.before as Fields,
    after: row.after as Fields,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

function problemOf(row: EntryRow, seq: number, prevHash: string): string | null {
  if (Number(row.seq) !== seq) return `entry ${seq} is missing (the next is ${row.seq})`;
  if (row.prev_hash !== prevHash) return `its previous hash is not entry ${seq - 1}'s hash`;
  const { hash, ...unhashed } = storedEntry(row);
  if (entryHash(unhashed) !== hash) return 'its content does not match its hash';
  return null;
}

/**
 * Streams the chain in batches of BATCH entries by key (memory stays at two batches, whatever the
 * log's length), asking for the next batch before hashing this one, so on PostgreSQL the
 * database reads while this process hashes.
 */
export async function verifyChain(q: Queryable, workspaceId: number): Promise<Verdict> {
  const head = await chainState(q, workspaceId);
  const last = Number(head?.seq ?? 0);
  let seq = Number(head?.anchor_seq ?? 0) + 1;
  let prevHash = head?.anchor_hash ?? GENESIS_HASH;
  let next = seq <= last ? entriesFrom(q, workspaceId, seq, BATCH) : null;
  while (next) {
    const rows = await next;
    if (rows.length === 0) break;
    const after = Number(rows.at(-1)?.seq) + 1;
    // A failed prefetch surfaces when awaited; until then it must not be an unhandled rejection.
    next = after <= last ? entriesFrom(q, workspaceId, after, BATCH) : null;
    next?.catch(() => {});
    for (const row of rows) {
      if (Number(row.seq) > last) break;
      const problem = problemOf(row, seq, prevHash);
      if (problem) return { ok: false, seq, problem };
      prevHash = row.hash;
      seq += 1;
    }
  }
  if (seq <= last)
    return { ok: false, seq, problem: `the chain ends at entry ${seq - 1}, its head is ${last}` };
  if (head && prevHash !== head.hash)
    return { ok: false, seq: last, problem: "the head does not hold the last entry's hash" };
  return { ok: true, entries: last - Number(head?.anchor_seq ?? 0) };
}
