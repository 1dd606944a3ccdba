import { randomBytes } from 'node:crypto';
import { recordSignIn } from '../audit/sign-in';
import type { Client } from '../audit/entry';
import type { Db, Queryable } from '../db/types';
import {
  deleteExpiredDemoCodes,
  demoCodeStatus,
  insertDemoCode,
  listDemoUsers,
  useDemoCode,
} from '../repos/sign-in';
import { hashToken } from './tokens';
import { signInRedirect } from './sign-in-codes';
import { sql } from '../db/sql';

/** Demo sign-in: single-use links, printed at start, for the users of demo workspaces. */

const DEMO_CODE_LIFETIME_MINUTES = 24 * 60;

/**
 * Creates a fresh code for each demo user and returns one line per user:
 * `demo sign-in <role> <email>: <url>`. Only hashes are stored, so the lines are the only copy.
 */
export async function createDemoSignInLinks(db: Db, publicUrl: string): Promise<string[]> {
  const base = publicUrl.replace(/\/+$/, '');
  return db.transaction(async (tx) => {
    await deleteExpiredDemoCodes(tx);
    const lines: string[] = [];
    for (const user of await listDemoUsers(tx)) {
      const code = randomBytes(32).toString('base64url');
      await insertDemoCode(
        tx,
        user.workspace_id,
        user.user_id,
        hashToken(code),
        DEMO_CODE_LIFETIME_MINUTES,
      );
      lines.push(`demo sign-in ${user.role} ${user.email}: ${base}/portal/demo-login/${code}`);
    }
    return lines;
  });
}

/**
 * A fresh single-use link path for one user of a demo workspace (the login page's demo block),
 * or null when the user is not one.
 */
export async function createDemoSignInPath(
  db: Db,
  workspaceId: number,
  userId: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const users = await listDemoUsers(tx);
    const user = users.find((u) => u.workspace_id === workspaceId && u.user_id === userId);
    if (!user) return null;
    const code = randomBytes(32).toString('base64url');
    await insertDemoCode(tx, workspaceId, userId, hashToken(code), DEMO_CODE_LIFETIME_MINUTES);
    return `/portal/demo-login/${code}`;
  });
}

type DemoSignIn = { ok: true; location: string } | { ok: false; reason: string };

// user:link: a single-use link for one user of any workspace, so the first admin of a self-hosted
// install gets in before Google or Microsoft sign-in is set up. Its code carries this prefix, so it
// works when the workspace is no demo and when demo sign-in is off; it is printed to the operator
// only, and lives 15 minutes, not a demo link's 24 hours.
const OPERATOR_LINK_PREFIX = 'link-';
const OPERATOR_LINK_LIFETIME_MINUTES = 15;

/** A user:link code, which works whether demo sign-in is on or off. */
export const isOperatorLink = (code: string) => code.startsWith(OPERATOR_LINK_PREFIX);

/** A sign-in link for this user of the workspace, or null when the address is not one. */
export async function createOperatorSignInLink(
  tx: Queryable,
  workspaceId: number,
  email: string,
  publicUrl: string,
): Promise<string | null> {
  const [user] = await tx.query<{ user_id: number }>(
    sql`select user_id from users where workspace_id = ${workspaceId} and lower(email) = lower(${email})`,
  );
  if (!user) return null;
  const code = `${OPERATOR_LINK_PREFIX}${randomBytes(32).toString('base64url')}`;
  const lifetime = OPERATOR_LINK_LIFETIME_MINUTES;
  await insertDemoCode(tx, workspaceId, user.user_id, hashToken(code), lifetime);
  return `${publicUrl.replace(/\/+$/, '')}/portal/demo-login/${code}`;
}

/** Uses the link's code (once) and answers the dashboard's address with a sign-in code. */
export async function redeemDemoCode(
  db: Db,
  code: string,
  now: Date,
  client: Client,
): Promise<DemoSignIn> {
  const codeHash = hashToken(code);
  const operatorLink = isOperatorLink(code);
  return db.transaction(async (tx) => {
    const owner = await useDemoCode(tx, codeHash, operatorLink);
    if (!owner) return { ok: false, reason: await demoCodeStatus(tx, codeHash) };
    const location = await signInRedirect(tx, owner.workspace_id, owner.user_id, now);
    const attempt = { provider: operatorLink ? 'link' : 'demo', client };
    const user = { workspaceId: owner.workspace_id, userId: owner.user_id, email: owner.email };
    await recordSignIn(tx, attempt, user);
    return { ok: true, location };
  });
}
