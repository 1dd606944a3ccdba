import type { Db } from '../db/types';
import { lockChainHead, pruneOldest, workspacesWithEntriesBefore } from '../repos/audit';
import { appendEntry } from './append';

// Retention (AUDIT_RETENTION_DAYS): each workspace's entries older than the retention are
// removed from the oldest end, the chain's anchor moves to the last one removed, and the removal
// is itself an entry, by the `system` actor, so verification still passes and says what went.

const DAY_MS = 86_400_000;

export async function pruneAuditLog(db: Db, retentionDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let removed = 0;
  for (const workspaceId of await workspacesWithEntriesBefore(db, cutoff)) {
    removed += await db.transaction(async (tx) => {
      await lockChainHead(tx, workspaceId);
      const pruned = await pruneOldest(tx, workspaceId, cutoff);
      if (pruned.removed === 0) return 0;
      await appendEntry(
        tx,
        {
          workspaceId,
          actor: { kind: 'system', userId: null, name: 'audit-retention' },
          client: { address: null, userAgent: null },
          operation: 'auditRetention',
          target: { type: 'audit_log', id: null, name: 'Audit log' },
          before: {},
          after: {
            removed: pruned.removed,
            through_entry: pruned.through,
            retention_days: retentionDays,
          },
        },
        now,
      );
      return pruned.removed;
    });
  }
  return removed;
}
