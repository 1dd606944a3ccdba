import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';

/** Session tokens: 256 random bits handed to the browser once; only their SHA-256 is stored. */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(
  tx: Queryable,
  workspaceId: number,
  userId: number,
  ttlDays: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `insert into session_tokens (workspace_id, token_hash, user_id, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4::int))`,
    [workspaceId, hashToken(token), userId, ttlDays],
  );
  return token;
}

export async function revokeToken(tx: Queryable, workspaceId: number, tokenHash: string) {
  await tx.query(
    `update session_tokens set revoked_at = now()
     where workspace_id = $1 and token_hash = $2 and revoked_at is null`,
    [workspaceId, tokenHash],
  );
}
