import type { Db } from '../../../server/db/types';
import type { EntryRow } from '../../../server/repos/audit';

/** The workspace's audit entries, oldest first, as stored. */
export async function auditRows(db: Db, workspaceId: number): Promise<EntryRow[]> {
  return db.query<EntryRow>(`select * from audit_entries where workspace_id = $1 order by seq`, [
    workspaceId,
  ]);
}
