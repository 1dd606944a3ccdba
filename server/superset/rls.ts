import type { AuthContext } from '../auth/authenticate';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { visibleMailboxes } from '../repos/visible-mailboxes';

// The row-level-security rule of a guest token. Superset adds each clause to the WHERE of every
// dataset of the dashboard, so every BI view carries workspace_id and mailbox_id: an admin sees
// the workspace, a manager or viewer only the mailboxes the statistics API lets them see (by id,
// so a removed mailbox whose address was added again stays apart, as in the API).

export interface RlsRule {
  clause: string;
}

/** An id as a SQL literal: a safe integer prints as digits only; anything else is refused. */
function idLiteral(value: unknown): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new Error(`not an id for an RLS clause: ${String(value)}`);
  }
  return String(value);
}

/** The caller's rule: the workspace, and for a manager or viewer their visible mailboxes. */
export async function guestTokenRls(tx: Queryable, auth: AuthContext): Promise<RlsRule[]> {
  const workspace = `workspace_id = ${idLiteral(auth.workspaceId)}`;
  if (auth.role === 'admin') return [{ clause: workspace }];
  const visible = await tx.query<{ mailbox_id: number }>(
    sql`${visibleMailboxes(auth)} order by m.mailbox_id`,
  );
  const ids = visible.map((row) => idLiteral(row.mailbox_id));
  // No visible mailbox: no row at all, rather than a clause Superset cannot run.
  const mailboxes = ids.length > 0 ? `mailbox_id IN (${ids.join(', ')})` : '1 = 0';
  return [{ clause: `${workspace} AND ${mailboxes}` }];
}
