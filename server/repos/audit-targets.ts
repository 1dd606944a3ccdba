import { sql } from '../db/sql';
import type { Queryable } from '../db/types';

// Reads the audit log's descriptions need that no other repository makes: the rows an operation
// creates in the current transaction, whose ids the request does not carry. `now()` is the
// transaction's start time in PostgreSQL, so `created_at = now()` is exactly this transaction's.

/** The outbound requests (feedback, integration requests, report copies) this transaction queued. */
export async function queuedNow(
  q: Queryable,
  workspaceId: number,
  kind: string,
): Promise<
  { id: number; email: string; feedback_type: string | null; integration_name: string | null }[]
> {
  return q.query(sql`
    select request_id as id, email, feedback_type, integration_name
      from outbound_requests
     where workspace_id = ${workspaceId} and kind = ${kind} and created_at = now()
     order by request_id`);
}

/** Whether a session is still live (not revoked), by its token's hash. */
export async function sessionLive(
  q: Queryable,
  workspaceId: number,
  tokenHash: string,
): Promise<boolean> {
  const rows = await q.query<{ live: boolean }>(sql`
    select revoked_at is null as live from session_tokens
     where workspace_id = ${workspaceId} and token_hash = ${tokenHash}`);
  return rows[0]?.live ?? false;
}

/** A contact group's name by id, or null when it is gone. */
export async function groupName(
  q: Queryable,
  workspaceId: number,
  groupId: number,
): Promise<string | null> {
  const [row] = await q.query<{ name: string }>(sql`
    select name from contact_groups where workspace_id = ${workspaceId} and group_id = ${groupId}`);
  return row?.name ?? null;
}

/** Workspaces that allow this address's domain (where a refused sign-in of it is recorded). */
export async function workspacesOfDomain(q: Queryable, email: string): Promise<number[]> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const rows = await q.query<{ workspace_id: number }>(sql`
    select workspace_id from workspaces
     where exists (select 1 from unnest(allowed_domains) d where lower(d) = ${domain})
     order by workspace_id`);
  return rows.map((row) => row.workspace_id);
}

/** The workspace this transaction created (workspace:create), or null. */
export async function workspaceCreatedNow(q: Queryable): Promise<number | null> {
  const [row] = await q.query<{ workspace_id: number }>(sql`
    select workspace_id from workspaces where created_at = now() order by workspace_id desc limit 1`);
  return row?.workspace_id ?? null;
}

/** Whether the workspace exists (a CLI command may name one that does not). */
export async function workspaceExists(q: Queryable, workspaceId: number): Promise<boolean> {
  const rows = await q.query(sql`select 1 from workspaces where workspace_id = ${workspaceId}`);
  return rows.length > 0;
}
