import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';

// A workspace's read-only API tokens (docs/statistics.md#api-tokens): never the token itself,
// only its hash (to find it) and its first characters (to tell it apart in the list).

export type ApiToken = Schemas['ApiToken'];

const COLUMNS = sql`token_id as id, name, scope, display_prefix as prefix, created_by,
  created_at, expires_at, last_used_at, revoked_at`;

export async function listApiTokens(tx: Queryable, workspaceId: number): Promise<ApiToken[]> {
  return tx.query<ApiToken>(
    sql`select ${COLUMNS} from api_tokens where workspace_id = ${workspaceId}
        order by created_at desc, token_id desc`,
  );
}

export async function findApiToken(
  tx: Queryable,
  workspaceId: number,
  id: number,
): Promise<ApiToken | null> {
  const [row] = await tx.query<ApiToken>(
    sql`select ${COLUMNS} from api_tokens where workspace_id = ${workspaceId} and token_id = ${id}`,
  );
  return row ?? null;
}

/** The live (unrevoked, unexpired) token named `name`, in any case, if any. */
export async function findLiveApiTokenNamed(
  tx: Queryable,
  workspaceId: number,
  name: string,
  now: Date,
): Promise<ApiToken | null> {
  const [row] = await tx.query<ApiToken>(
    sql`select ${COLUMNS} from api_tokens
        where workspace_id = ${workspaceId} and lower(name) = lower(${name})
          and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz
        limit 1`,
  );
  return row ?? null;
}

interface NewApiTokenRow {
  hash: string;
  prefix: string;
  name: string;
  scope: ApiToken['scope'];
  createdBy: string;
  expiresInDays: number;
  /** The server's clock (tests inject one), which expiry is checked against too. */
  now: Date;
}

export async function insertApiToken(
  tx: Queryable,
  workspaceId: number,
  row: NewApiTokenRow,
): Promise<ApiToken> {
  const [created] = await tx.query<ApiToken>(
    sql`insert into api_tokens
          (workspace_id, token_hash, display_prefix, name, scope, created_by, created_at, expires_at)
        values (${workspaceId}, ${row.hash}, ${row.prefix}, ${row.name}, ${row.scope},
                ${row.createdBy}, ${row.now.toISOString()}::timestamptz,
                ${row.now.toISOString()}::timestamptz + make_interval(days => ${row.expiresInDays}::int))
        returning ${COLUMNS}`,
  );
  return created!;
}

/** Revokes the token (a revoked one stays as it was); the token, or null when there is none. */
export async function revokeApiToken(
  tx: Queryable,
  workspaceId: number,
  id: number,
  now: Date,
): Promise<ApiToken | null> {
  await tx.query(
    sql`update api_tokens set revoked_at = ${now.toISOString()}::timestamptz
        where workspace_id = ${workspaceId} and token_id = ${id} and revoked_at is null`,
  );
  return findApiToken(tx, workspaceId, id);
}
