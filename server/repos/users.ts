import type { Queryable } from '../db/types';
import type { Role } from '../../common/access-model';
import type { Schemas } from '../contract/types';
import { sql } from '../db/sql';

type User = Schemas['User'];

/** One user as the list query packs it: id, email, full_name, role, tracked, mailboxes, teams. */
type PackedUser = [number, string, string, Role, boolean, string[], number[]];

/**
 * The workspace's users ordered by address, or only those with the given ids. The grants are
 * aggregated per user in one pass (not a subquery per user), and the rows come back as ONE JSON
 * text: the embedded database hands rows to JavaScript one value at a time, which for 5,000 users
 * cost more than the query itself.
 */
export async function listUsers(
  tx: Queryable,
  workspaceId: number,
  ids?: readonly number[],
): Promise<User[]> {
  const [row] = await tx.query<{ users: string }>(sql`with granted_mailboxes as (
       select g.user_id, json_agg(m.email order by lower(m.email)) as emails
         from manager_mailboxes g
         join mailboxes m on m.workspace_id = g.workspace_id and m.mailbox_id = g.mailbox_id
        where g.workspace_id = ${workspaceId}
        group by g.user_id),
     granted_teams as (
       select user_id, json_agg(team_id order by team_id) as ids
         from manager_teams where workspace_id = ${workspaceId} group by user_id),
     tracked as (select lower(email) as email from mailboxes
                  where workspace_id = ${workspaceId} and removed_at is null)
     select coalesce(json_agg(json_build_array(
              u.user_id, u.email, u.full_name, u.role, t.email is not null,
              coalesce(gm.emails, '[]'), coalesce(gt.ids, '[]'))
            order by lower(u.email)), '[]')::text as users
       from users u
       left join granted_mailboxes gm on gm.user_id = u.user_id
       left join granted_teams gt on gt.user_id = u.user_id
       left join tracked t on t.email = lower(u.email)
      where u.workspace_id = ${workspaceId} and (${ids ?? null}::int[] is null or u.user_id = any(${ids ?? null}::int[]))`);
  const packed = JSON.parse(row?.users ?? '[]') as PackedUser[];
  return packed.map(([id, email, full_name, role, tracked, mailboxes, teams]) => ({
    id,
    email,
    full_name,
    role,
    // Only managers have grants; admins see everything and viewers their own mailbox.
    can_see_data_for: role === 'manager' ? { mailboxes, teams } : { mailboxes: [], teams: [] },
    tracked,
  }));
}

/** Users of this workspace among `emails` (lower-case): address → id and role. */
export async function findUsersByEmail(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<Map<string, { id: number; role: Role }>> {
  const rows = await tx.query<{
    email: string;
    id: number;
    role: Role;
  }>(sql`select lower(email) as email, user_id as id, role from users
      where workspace_id = ${workspaceId} and lower(email) = any(${emails}::text[])`);
  return new Map(rows.map((row) => [row.email, { id: row.id, role: row.role }]));
}

/** Users of this workspace among `ids`: id → role. */
export async function findUsersById(
  tx: Queryable,
  workspaceId: number,
  ids: readonly number[],
): Promise<Map<number, Role>> {
  const rows = await tx.query<{ id: number; role: Role }>(
    sql`select user_id as id, role from users where workspace_id = ${workspaceId} and user_id = any(${ids}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.role]));
}

/**
 * Which of `emails` already belong to ANOTHER workspace. Addresses are unique across workspaces
 * (sign-in resolves the workspace from the address), so this is the one query that looks outside
 * the caller's workspace; it returns only the caller's own input back.
 */
export async function emailsOfOtherWorkspaces(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(sql`select email from user_addresses
      where workspace_id <> ${workspaceId} and email = any(${emails}::text[]) order by 1`);
  return rows.map((row) => row.email);
}

interface UserQuota {
  allowedDomains: string[];
  max: number;
  used: number;
}

/** Locks the workspace row, so parallel requests add users one after another. */
export async function lockUserQuota(tx: Queryable, workspaceId: number): Promise<UserQuota> {
  const [row] = await tx.query<{ allowed_domains: string[]; max_users: number }>(
    sql`select allowed_domains, max_users from workspaces where workspace_id = ${workspaceId} for update`,
  );
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  const [count] = await tx.query<{ used: number }>(
    sql`select count(*)::int as used from users where workspace_id = ${workspaceId}`,
  );
  return { allowedDomains: row.allowed_domains, max: row.max_users, used: count?.used ?? 0 };
}

/** Inserts users, named after the tracked mailbox of the same address; returns their ids. */
export async function insertUsers(
  tx: Queryable,
  workspaceId: number,
  users: readonly { email: string; fullName: string }[],
  role: Role,
): Promise<number[]> {
  const emails = users.map((u) => u.email);
  const names = users.map((u) => u.fullName);
  const rows = await tx.query<{
    user_id: number;
  }>(sql`insert into users (workspace_id, email, full_name, role)
     select ${workspaceId}, u.email, u.full_name, ${role}
       from unnest(${emails}::text[], ${names}::text[]) as u(email, full_name)
     returning user_id`);
  return rows.map((row) => row.user_id);
}

export async function setRole(
  tx: Queryable,
  workspaceId: number,
  ids: readonly number[],
  role: Role,
) {
  await tx.query(
    sql`update users set role = ${role} where workspace_id = ${workspaceId} and user_id = any(${ids}::int[])`,
  );
}

/** Replaces what the given users may see: these mailbox ids and team ids (empty lists clear). */
export async function replaceGrants(
  tx: Queryable,
  workspaceId: number,
  userIds: readonly number[],
  mailboxIds: readonly number[],
  teamIds: readonly number[],
) {
  await tx.query(
    sql`delete from manager_mailboxes where workspace_id = ${workspaceId} and user_id = any(${userIds}::int[])`,
  );
  await tx.query(
    sql`delete from manager_teams where workspace_id = ${workspaceId} and user_id = any(${userIds}::int[])`,
  );
  await tx.query(sql`insert into manager_mailboxes (workspace_id, user_id, mailbox_id)
     select ${workspaceId}, u, m from unnest(${userIds}::int[]) as u, unnest(${mailboxIds}::int[]) as m`);
  await tx.query(sql`insert into manager_teams (workspace_id, user_id, team_id)
     select ${workspaceId}, u, t from unnest(${userIds}::int[]) as u, unnest(${teamIds}::int[]) as t`);
}

/** Deletes users; their session tokens and grants go by cascade, so their tokens stop at once. */
export async function deleteUsers(tx: Queryable, workspaceId: number, ids: readonly number[]) {
  await tx.query(
    sql`delete from users where workspace_id = ${workspaceId} and user_id = any(${ids}::int[])`,
  );
}
