import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { sql } from '../db/sql';

/** Session tokens: 256 random bits handed to the browser once; only their SHA-256 is stored. */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  tx: Queryable,
  workspaceId: number,
  userId: number,
  ttlDays: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(sql`insert into session_tokens (workspace_id, token_hash, user_id, expires_at)
     values (${workspaceId}, ${hashToken(token)}, ${userId}, now() + make_interval(days => ${ttlDays}::int))`);
  return token;
}

export async function revokeToken(tx: Queryable, workspaceId: number, tokenHash: string) {
  await tx.query(sql`update session_tokens set revoked_at = now()
     where workspace_id = ${workspaceId} and token_hash = ${tokenHash} and revoked_at is null`);
}

/**
 * Revokes every live session of these users (a removed user's are then deleted with them by
 * cascade) and answers how many each had; users with none are left out.
 */
export async function endSessions(
  tx: Queryable,
  workspaceId: number,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await tx.query<{ user_id: number; sessions: number }>(sql`
    with ended as (
      update session_tokens set revoked_at = now()
       where workspace_id = ${workspaceId} and user_id = any(${userIds}::int[])
         and revoked_at is null and expires_at > now()
      returning user_id)
    select user_id, count(*)::int as sessions from ended group by user_id`);
  return new Map(rows.map((row) => [row.user_id, row.sessions]));
}
