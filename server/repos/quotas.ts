import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';

// What a workspace may still add: its limit of mailboxes, users or alerts and how many it has.
// The workspace row is locked first, so parallel requests that add are counted one after
// another.

interface Quota {
  /** The domains the workspace's addresses may have. */
  allowedDomains: string[];
  max: number;
  used: number;
}

type Limited = 'mailboxes' | 'users' | 'alerts';

/** Each kind's limit column, and the count of what the workspace has of it. */
const LIMITS: Record<Limited, { max: Sql; used: (workspaceId: number) => Sql }> = {
  mailboxes: {
    max: sql`max_mailboxes`,
    used: (workspaceId) =>
      sql`select count(*)::int as used from mailboxes where workspace_id = ${workspaceId} and removed_at is null`,
  },
  users: {
    max: sql`max_users`,
    used: (workspaceId) =>
      sql`select count(*)::int as used from users where workspace_id = ${workspaceId}`,
  },
  alerts: {
    max: sql`max_alerts`,
    used: (workspaceId) =>
      sql`select count(*)::int as used from alerts where workspace_id = ${workspaceId}`,
  },
};

/** Locks the workspace row and reads its quota of `kind`. */
export async function lockQuota(tx: Queryable, workspaceId: number, kind: Limited): Promise<Quota> {
  const { max, used } = LIMITS[kind];
  const [row] = await tx.query<{ allowed_domains: string[]; max: number }>(
    sql`select allowed_domains, ${max} as max from workspaces where workspace_id = ${workspaceId} for update`,
  );
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  const [count] = await tx.query<{ used: number }>(used(workspaceId));
  return { allowedDomains: row.allowed_domains, max: row.max, used: count?.used ?? 0 };
}
