import { userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/authenticate';
import { endSessions } from '../auth/tokens';
import type { Queryable } from '../db/types';
import { appendEntry } from './append';
import type { Actor, Client } from './entry';

// Revoked sessions in the audit log (docs/audit.md): each user whose live sessions an admin or
// the operator CLI ended is one `revokeSessions` entry, written in the transaction that ends them.

/** Who acts: the actor and where from. */
interface Caller {
  actor: Actor;
  client: Client;
}

/** Where a request came from (Fastify's `TRUST_PROXY` rules give the address). */
export const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export const userActor = (auth: AuthContext): Actor => ({
  kind: 'user',
  userId: auth.userId,
  name: auth.email,
});

/** The operator CLI, as the OS user that runs it. */
const operatorActor = (): Actor => ({
  kind: 'cli',
  userId: null,
  name: userInfo().username,
});

export const requestCaller = (request: FastifyRequest, auth: AuthContext): Caller => ({
  actor: userActor(auth),
  client: clientOf(request),
});

export const operatorCaller = (): Caller => ({
  actor: operatorActor(),
  client: { address: null, userAgent: null },
});

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
