import { expect } from 'vitest';
import { changedFields, type Item } from '../../../server/audit/changes';
import type { AuditInput } from '../../../server/audit/description';
import { describedOperation } from '../../../server/audit/operations';
import type { OperationId } from '../../../server/contract/types';
import type { Db, Tx } from '../../../server/db/types';
import type { EntryRow } from '../../../server/repos/audit';

/** The workspace's audit entries, oldest first, as stored. */
export async function auditRows(db: Db, workspaceId: number): Promise<EntryRow[]> {
  return db.query<EntryRow>(`select * from audit_entries where workspace_id = $1 order by seq`, [
    workspaceId,
  ]);
}

/** One audited write, its operation, and whether its target is a list (a delete of several). */
export interface AuditedStep {
  operation: string;
  many?: boolean;
  write: () => Promise<{ statusCode: number; body: string }>;
}

/**
 * Runs the step's write between two reads of its target (the description's `read`) and expects
 * the write's entry to hold exactly the fields those reads differ in.
 */
export async function expectEntryAsRead(
  db: Db,
  workspaceId: number,
  read: (tx: Tx, previous: readonly Item[] | null) => Promise<Item[]>,
  { operation, many = false, write }: AuditedStep,
): Promise<void> {
  const before = await db.transaction((tx) => read(tx, null));
  const reply = await write();
  expect(reply.statusCode, reply.body).toBeLessThan(300);
  const after = await db.transaction((tx) => read(tx, before));
  const changes = changedFields(before, after, many);
  const entry = (await auditRows(db, workspaceId)).at(-1);
  expect([entry?.operation, entry?.before, entry?.after]).toEqual([
    operation,
    changes.before,
    changes.after,
  ]);
}

/** An operation's read of its target for this request, as its description gives it. */
export function describedRead<O extends OperationId>(operation: O, input: AuditInput<O>) {
  const read = describedOperation(operation)?.read;
  if (!read) throw new Error(`${operation} describes no read of its target`);
  return (tx: Tx, previous: readonly Item[] | null) => read(tx, input, previous);
}
