import { endSessions } from '../auth/tokens';
import type { Queryable } from '../db/types';
import { appendEntry } from './append';
import type { Caller } from './caller';

// Revoked sessions in the audit log (docs/audit.md): each user whose live sessions an admin or
// the operator CLI ended is one `revokeSessions` entry, written in the transaction that ends them.

/**
 * Ends every live session of these users and records, for each user who had any, who ended
 * them, how many and why, in the caller's transaction.
 */
export async function revokeSessions(
  tx: Queryable,
  workspaceId: number,
  users: readonly { id: number; email: string }[],
  reason: string,
  by: Caller,
): Promise<void> {
  const ended = await endSessions(
    tx,
    workspaceId,
    users.map((user) => user.id),
  );
  for (const user of users) {
    const sessions = ended.get(user.id);
    if (sessions === undefined) continue;
    await appendEntry(tx, {
      workspaceId,
      ...by,
      operation: 'revokeSessions',
      target: { type: 'user', id: String(user.id), name: user.email },
      before: { sessions },
      after: { sessions: 0, reason },
    });
  }
}
