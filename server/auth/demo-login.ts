import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import {
  deleteExpiredDemoCodes,
  demoCodeStatus,
  insertDemoCode,
  listDemoUsers,
  useDemoCode,
} from '../repos/sign-in';
import { hashToken, issueToken } from './tokens';

/** Demo sign-in: single-use links, printed at start, for the users of demo workspaces. */

export const DEMO_CODE_LIFETIME_HOURS = 24;

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
        DEMO_CODE_LIFETIME_HOURS,
      );
      lines.push(`demo sign-in ${user.role} ${user.email}: ${base}/portal/demo-login/${code}`);
    }
    return lines;
  });
}

export type DemoSignIn = { ok: true; token: string } | { ok: false; reason: string };

/** Uses the code (once) and issues a session token for its user. */
export async function redeemDemoCode(db: Db, code: string, ttlDays: number): Promise<DemoSignIn> {
  const codeHash = hashToken(code);
  return db.transaction(async (tx) => {
    const owner = await useDemoCode(tx, codeHash);
    if (!owner) return { ok: false, reason: await demoCodeStatus(tx, codeHash) };
    const token = await issueToken(tx, owner.workspace_id, owner.user_id, ttlDays);
    return { ok: true, token };
  });
}
