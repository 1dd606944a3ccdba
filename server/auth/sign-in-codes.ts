import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import { sql } from '../db/sql';
import { hashToken, issueToken } from './tokens';

/**
 * Sign-in codes: what the redirect after a sign-in carries instead of the session token. A code
 * works once, within SIGN_IN_CODE_SECONDS, and only by POST (`exchangeSignInCode`), so the token
 * itself never appears in a URL. Only the code's SHA-256 is stored, as for tokens.
 */

const SIGN_IN_CODE_SECONDS = 60;

/** The address a signed-in browser is sent to: the dashboard with a fresh code. */
export async function signInRedirect(
  tx: Queryable,
  workspaceId: number,
  userId: number,
  now: Date,
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  // Codes live a minute: whatever expired is cleared as new ones are written (indexed).
  await tx.query(sql`delete from sign_in_codes where expires_at <= ${at}::timestamptz`);
  await tx.query(sql`insert into sign_in_codes (workspace_id, code_hash, user_id, created_at, expires_at)
     values (${workspaceId}, ${hashToken(code)}, ${userId}, ${at}::timestamptz,
             ${at}::timestamptz + make_interval(secs => ${SIGN_IN_CODE_SECONDS}))`);
  return `/dashboard?code=${code}`;
}

/** Whom an unused, unexpired code signs in, without using it. */
export async function peekSignInCode(
  db: Queryable,
  code: string,
  now: Date,
): Promise<{ email: string; full_name: string } | null> {
  const [row] = await db.query<{ email: string; full_name: string }>(sql`
    select u.email, u.full_name
      from sign_in_codes c
      join users u on u.workspace_id = c.workspace_id and u.user_id = c.user_id
     where c.code_hash = ${hashToken(code)} and c.used_at is null
       and c.expires_at > ${now.toISOString()}::timestamptz`);
  return row ?? null;
}

/**
 * Uses the code and issues its user's session token, in one transaction: the update succeeds for
 * exactly one caller while the code is unused and unexpired (a second exchange finds it used).
 */
export async function exchangeSignInCode(
  db: Db,
  code: string,
  ttlDays: number,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.query<{ workspace_id: number; user_id: number }>(sql`
      update sign_in_codes set used_at = ${now.toISOString()}::timestamptz
       where code_hash = ${hashToken(code)} and used_at is null
         and expires_at > ${now.toISOString()}::timestamptz
       returning workspace_id, user_id`);
    return owner ? issueToken(tx, owner.workspace_id, owner.user_id, ttlDays) : null;
  });
}
