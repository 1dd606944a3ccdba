import type { Db, Tx } from '../db/types';
import { bindOidcIdentity, findUserByEmail, isOidcIdentityTaken } from '../repos/sign-in';
import { domainOf } from '../../common/patterns';
import type { Identity } from './oidc';
import { signInRedirect } from './sign-in-codes';
import { recordRefusedSignIn, recordSignIn, type SignInAttempt } from '../audit/sign-in';

/** Signed in: `location` is the dashboard with a single-use code, never the token. */
type SignInResult = { ok: true; location: string } | { ok: false; reason: string };

type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

type Vouched = Extract<Identity, { ok: true }>;

/**
 * Why the user's workspace does not take this provider's word for them, or null when it does:
 * a Microsoft account must come from a tenant the workspace allows (any tenant can write any
 * address into its own users' email claim); a workspace on Google Workspace takes only accounts
 * its Google Workspace hosts (`hd`), not a consumer Google account made with a work address.
 */
function trustProblem(user: SignInUser, identity: Vouched, provider: string): string | null {
  if (identity.tenantId !== undefined) {
    return user.microsoft_tenants.includes(identity.tenantId)
      ? null
      : 'Microsoft tenant not allowed';
  }
  if (provider === 'google-oauth2' && user.google_workspace_domain) {
    return identity.hostedDomain === domainOf(user.email)
      ? null
      : 'Google Workspace domain (hd) does not match';
  }
  return null;
}

/** Why a known user may not sign in with this identity, or null when they may. */
async function identityProblem(
  tx: Tx,
  user: SignInUser,
  { tenantId, objectId }: Vouched,
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
 * Signs in the user a provider vouched for: their address must be a user of a workspace that
 * takes that provider's word for them (trustProblem), and a Microsoft account, once bound to a
 * user on first sign-in, must be the same account afterwards (until user:unbind frees it).
 * The sign-in, or its refusal, is recorded in the audit log in the same transaction.
 */
export async function signInIdentity(
  db: Db,
  identity: Identity,
  now: Date,
  attempt: SignInAttempt,
): Promise<SignInResult> {
  if (!identity.ok) return identity;
  const tenant = identity.tenantId === undefined ? {} : { tenant_id: identity.tenantId };
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, identity.email);
    if (!user) {
      const reason = 'no user with this email';
      await recordRefusedSignIn(tx, attempt, identity.email, { reason, ...tenant }, null);
      return { ok: false, reason };
    }
    const problem =
      trustProblem(user, identity, attempt.provider) ?? (await identityProblem(tx, user, identity));
    const who = { workspaceId: user.workspace_id, userId: user.user_id };
    if (problem) {
      await recordRefusedSignIn(tx, attempt, user.email, { reason: problem, ...tenant }, who);
      return { ok: false, reason: problem };
    }
    const location = await signInRedirect(tx, user.workspace_id, user.user_id, now);
    await recordSignIn(tx, attempt, { ...who, email: user.email });
    return { ok: true, location };
  });
}
