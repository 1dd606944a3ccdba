import { randomBytes } from 'node:crypto';
import type { Features } from '../../common/access-model';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { withDefaults, type AuthContext } from './authenticate';
import { hashToken } from './tokens';

// Read-only API tokens (docs/statistics.md#api-tokens): `mp_` and 32 random bytes, shown once;
// only the SHA-256 is stored, and a request finds its token by that hash. A token reads its own
// workspace's statistics as an admin sees them; server/routes/route.ts refuses it anything else.

const API_TOKEN_PREFIX = 'mp_';

/** `Bearer mp_` and the 43 base64url characters of 32 bytes, nothing else. */
const BEARER_HEADER = /^Bearer (mp_[A-Za-z0-9_-]{43})$/;

/** The token's last use is written at most once a minute, not on every request. */
const LAST_USE_STEP_SECONDS = 60;

export const isBearer = (authorization: string | undefined): boolean =>
  /^Bearer\s/i.test(authorization ?? '');

/** A new token, its hash and the characters the list shows of it. */
export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

/** Which token a request used: on its AuthContext, for the route's checks and the audit log. */
export interface ApiTokenCaller {
  id: number;
  name: string;
  prefix: string;
  scope: Schemas['ApiTokenScope'];
}

interface Row {
  token_id: number;
  workspace_id: number;
  name: string;
  display_prefix: string;
  scope: Schemas['ApiTokenScope'];
  stale_use: boolean;
  features: Partial<Features> | null;
}

/**
 * The live token the `Bearer` header names, as a caller, or null (unknown, malformed, revoked or
 * expired on the server's clock: 401). Its last use is written when older than a minute.
 */
export async function authenticateApiToken(
  db: Queryable,
  authorization: string | undefined,
  now: Date,
): Promise<AuthContext | null> {
  const token = BEARER_HEADER.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const at = now.toISOString();
  const [row] = await db.query<Row>(sql`
    select t.token_id, t.workspace_id, t.name, t.display_prefix, t.scope,
           (t.last_used_at is null
             or t.last_used_at <= ${at}::timestamptz - make_interval(secs => ${LAST_USE_STEP_SECONDS}))
             as stale_use,
           (select json_object_agg(f.feature,
                                   json_build_object('enabled', f.enabled, 'read_only', f.read_only))
              from workspace_features f where f.workspace_id = t.workspace_id) as features
      from api_tokens t
     where t.token_hash = ${hashToken(token)} and t.revoked_at is null
       and t.expires_at > ${at}::timestamptz`);
  if (!row) return null;
  if (row.stale_use) {
    await db.query(sql`update api_tokens set last_used_at = ${at}::timestamptz
       where workspace_id = ${row.workspace_id} and token_id = ${row.token_id}
         and (last_used_at is null or last_used_at < ${at}::timestamptz)`);
  }
  const apiToken = {
    id: row.token_id,
    name: row.name,
    prefix: row.display_prefix,
    scope: row.scope,
  };
  // An admin's view of the workspace: every mailbox, as the statistics scope reads `role`.
  return {
    userId: 0,
    workspaceId: row.workspace_id,
    role: 'admin',
    email: '',
    fullName: `API token ${row.name}`,
    tokenHash: '',
    features: withDefaults(row.features),
    apiToken,
  };
}
