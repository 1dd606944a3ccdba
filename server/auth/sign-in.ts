import type { Db, Tx } from '../db/types';
import { bindOidcIdentity, findUserByEmail, isOidcIdentityTaken } from '../repos/sign-in';
import type { Identity } from './oidc';
import { signInRedirect } from './sign-in-codes';
import { recordRefusedSignIn, recordSignIn, type SignInAttempt } from '../audit/sign-in';

/** Signed in: `location` is the dashboard with a single-use code, never the token. */
type SignInResult = { ok: true; location: string } | { ok: false; reason: string };

type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** Why a known user may not sign in with this identity, or null when they may. */
async function identityProblem(
  tx: Tx,
  user: SignInUser,
  { tenantId, objectId }: { tenantId?: string; objectId?: string },
): Promise<string | null> {
  if (tenantId === undefined || objectId === undefined) return null;
  if (user.oidc_object_id === null) {
    if (await isOidcIdentityTaken(tx, user, tenantId, objectId)) {
      return 'Microsoft account bound to another user';
    }
    const bound = await bindOidcIdentity(tx, user.workspace_id, user.user_id, tenantId, objectId);
    return bound ? null : 'Microsoft account bound meanwhile';
  }
  if (user.oidc_tenant_id !== tenantId || user.oidc_object_id !== objectId) {
    return 'Microsoft tenant or object id does not match';
  }
  return null;
}

/**
 * Signs in the user a provider vouched for: their address must be a user of a workspace, and a
 * Microsoft account, once bound to a user on first sign-in, must be the same account afterwards.
 * The sign-in, or its refusal, is recorded in the audit log in the same transaction.
 */
export async function signInIdentity(
  db: Db,
  identity: Identity,
  now: Date,
  attempt: SignInAttempt,
): Promise<SignInResult> {
  if (!identity.ok) return identity;
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, identity.email);
    if (!user) {
      const reason = 'no user with this email';
      await recordRefusedSignIn(tx, attempt, identity.email, reason, null);
      return { ok: false, reason };
    }
    const problem = await identityProblem(tx, user, identity);
    const who = { workspaceId: user.workspace_id, userId: user.user_id };
    if (problem) {
      await recordRefusedSignIn(tx, attempt, user.email, problem, who);
      return { ok: false, reason: problem };
    }
    const location = await signInRedirect(tx, user.workspace_id, user.user_id, now);
    await recordSignIn(tx, attempt, { ...who, email: user.email });
    return { ok: true, location };
  });
}
