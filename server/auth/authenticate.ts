import {
  FEATURE_NAMES,
  type FeatureName,
  type Features,
  type Role,
} from '../../common/access-model';
import { sharedReads } from '../db/fresh-batch';
import { prepared, sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { hashToken } from './tokens';
import type { ApiTokenCaller } from './api-tokens';

/** Who is calling: resolved from the token on every request, so removals and revocations act at once. */
export interface AuthContext {
  userId: number;
  workspaceId: number;
  role: Role;
  email: string;
  fullName: string;
  tokenHash: string;
  features: Features;
  /** Set when a read-only API token calls (server/auth/api-tokens.ts), not a signed-in user. */
  apiToken?: ApiTokenCaller;
}

/**
 * How long a session lives unused, on which clock (tests inject one). The 30-day limit of
 * `expires_at` holds beside it.
 */
export interface SessionPolicy {
  idleDays: number;
  now: () => Date;
}

/**
 * A session's last use is written at most once per this many minutes, not on every request: the
 * idle limit is days long, and a write per request would make every read a write.
 */
const LAST_USE_STEP_MINUTES = 5;

interface Row {
  token_hash: string;
  /** The session's last use is older than LAST_USE_STEP_MINUTES: write it again. */
  stale_use: boolean;
  user_id: number;
  workspace_id: number;
  role: Role;
  email: string;
  full_name: string;
  /** On the first row of each workspace only: the flags are the workspace's, not the user's. */
  features: Partial<Features> | null;
}

/** A feature without a row is enabled and writable, as the workspaces repository reads it. */
export function withDefaults(features: Partial<Features> | null): Features {
  const flags = (name: FeatureName) => features?.[name] ?? { enabled: true, read_only: false };
  return Object.fromEntries(FEATURE_NAMES.map((name) => [name, flags(name)])) as Features;
}

const TOKEN_HEADER = /^Token ([A-Za-z0-9_-]{20,200})$/;

/**
 * The live sessions among some token hashes, in one statement. Under load a batch holds many
 * sessions of one workspace, so its feature flags are read, sent and parsed once per workspace
 * (on its first row) rather than once per session: a third of the batch's cost on PGlite.
 */
interface SessionKey {
  hash: string;
  policy: SessionPolicy;
}

interface Session {
  auth: AuthContext;
  staleUse: boolean;
}

async function readSessions(db: Queryable, keys: SessionKey[]): Promise<Map<string, Session>> {
  // One app (one policy) per database: the batch's first key speaks for all of them, and its
  // clock is read now, after every request of the batch arrived.
  const policy = keys[0]!.policy;
  const now = policy.now().toISOString();
  const hashes = keys.map((key) => key.hash);
  const rows = await db.query<Row>(
    prepared(
      'mailpulse_sessions',
      sql`
    with s as (
      select t.token_hash, u.user_id, u.workspace_id, u.role, u.email, u.full_name,
             t.last_used_at <= ${now}::timestamptz - make_interval(mins => ${LAST_USE_STEP_MINUTES}::int)
               as stale_use,
             row_number() over (partition by u.workspace_id) as nth
        from session_tokens t
        join users u on u.workspace_id = t.workspace_id and u.user_id = t.user_id
       where t.token_hash = any(${hashes}::text[]) and t.revoked_at is null
         and t.expires_at > ${now}::timestamptz
         and t.last_used_at > ${now}::timestamptz - make_interval(days => ${policy.idleDays}::int))
    select s.token_hash, s.stale_use, s.user_id, s.workspace_id, s.role, s.email, s.full_name,
           case when s.nth = 1 then
             (select json_object_agg(f.feature,
                                     json_build_object('enabled', f.enabled, 'read_only', f.read_only))
                from workspace_features f where f.workspace_id = s.workspace_id) end as features
      from s`,
    ),
  );
  const flags = new Map<number, Features>();
  for (const row of rows) if (row.features) flags.set(row.workspace_id, withDefaults(row.features));
  return new Map(
    rows.map((row) => [
      row.token_hash,
      {
        auth: {
          userId: row.user_id,
          workspaceId: row.workspace_id,
          role: row.role,
          email: row.email,
          fullName: row.full_name,
          tokenHash: row.token_hash,
          features: flags.get(row.workspace_id) ?? withDefaults(null),
        },
        staleUse: row.stale_use,
      },
    ]),
  );
}

// Concurrent requests' sessions are read together (server/db/fresh-batch.ts), each from a read
// that began after it arrived: a revoked token is refused at once, as when read one by one.
const sessionReads = sharedReads(readSessions, (key: SessionKey) => key.hash);

/** The live session the header names, or null; its last use is written when it is stale. */
export async function authenticate(
  db: Queryable,
  authorization: string | undefined,
  policy: SessionPolicy,
): Promise<AuthContext | null> {
  const token = TOKEN_HEADER.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const session = await sessionReads(db).load({ hash: hashToken(token), policy });
  if (!session) return null;
  if (session.staleUse) {
    const { workspaceId, tokenHash } = session.auth;
    const at = policy.now().toISOString();
    await db.query(sql`update session_tokens set last_used_at = ${at}::timestamptz
       where workspace_id = ${workspaceId} and token_hash = ${tokenHash}
         and last_used_at < ${at}::timestamptz`);
  }
  return session.auth;
}
