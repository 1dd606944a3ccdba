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
