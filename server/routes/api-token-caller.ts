import type { AuthContext } from '../auth/authenticate';
import { authenticateApiToken } from '../auth/api-tokens';
import type { ContractOperation } from '../contract/spec';
import type { Queryable } from '../db/types';
import { forbidden, unauthorized } from '../http/errors';

/**
 * A read-only API token's caller (`Authorization: Bearer mp_…`, server/auth/api-tokens.ts): 401
 * when the token is unknown, revoked or expired, 403 for any write and any operation whose
 * contract does not grant the token's scope. It needs no XSRF header: it never writes, and no
 * browser sends it by itself.
 */
export async function apiTokenCaller(
  db: Queryable,
  op: ContractOperation,
  authorization: string | undefined,
  now: Date,
): Promise<AuthContext> {
  const auth = await authenticateApiToken(db, authorization, now);
  if (!auth?.apiToken) throw unauthorized('The API token is unknown, expired or revoked.');
  if (op.method !== 'GET') {
    throw forbidden(
      'An API token only reads statistics: it cannot change anything. Sign in to make changes.',
      'token_read_only',
    );
  }
  if (!op.apiTokenScopes.includes(auth.apiToken.scope)) {
    throw forbidden(
      `An API token reads only the statistics and their CSV export (scope ${auth.apiToken.scope}).`,
      'token_scope',
    );
  }
  if (!auth.features.api_tokens.enabled) {
    throw forbidden('The api tokens feature is disabled for this workspace.', 'feature_disabled');
  }
  return auth;
}
