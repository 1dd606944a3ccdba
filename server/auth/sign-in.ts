import type { Db } from '../db/types';
import { bindOidcIdentity, findUserByEmail, isOidcIdentityTaken } from '../repos/sign-in';
import type { Identity } from './oidc';
import { issueToken } from './tokens';

type SignInResult = { ok: true; token: string } | { ok: false; reason: string };

/**
 * Signs in the user a provider vouched for: their address must be a user of a workspace, and a
 * Microsoft account, once bound to a user on first sign-in, must be the same account afterwards.
 */
export async function signInIdentity(
  db: Db,
  identity: Identity,
  ttlDays: number,
): Promise<SignInResult> {
  if (!identity.ok) return identity;
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, identity.email);
    if (!user) return { ok: false, reason: 'no user with this email' };
    const { tenantId, objectId } = identity;
    if (tenantId !== undefined && objectId !== undefined) {
      if (user.oidc_object_id === null) {
        if (await isOidcIdentityTaken(tx, user, tenantId, objectId)) {
          return { ok: false, reason: 'Microsoft account bound to another user' };
        }
        const bound = await bindOidcIdentity(
          tx,
          user.workspace_id,
          user.user_id,
          tenantId,
          objectId,
        );
        if (!bound) return { ok: false, reason: 'Microsoft account bound meanwhile' };
      } else if (user.oidc_tenant_id !== tenantId || user.oidc_object_id !== objectId) {
        return { ok: false, reason: 'Microsoft tenant or object id does not match' };
      }
    }
    const token = await issueToken(tx, user.workspace_id, user.user_id, ttlDays);
    return { ok: true, token };
  });
}
