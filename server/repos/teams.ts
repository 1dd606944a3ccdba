import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { sql } from '../db/sql';

type Team = Schemas['Team'];

/** The workspace's teams ordered by name, or only those with the given ids. */
export async function listTeams(
  tx: Queryable,
  workspaceId: number,
  ids?: readonly number[],
): Promise<Team[]> {
  return tx.query<Team>(sql`select t.team_id as id, t.name, t.created_at as created,
            array(select m.email from team_members tm
                    join mailboxes m on m.workspace_id = tm.workspace_id and m.mailbox_id = tm.mailbox_id
                   where tm.workspace_id = ${workspaceId} and tm.team_id = t.team_id
                   order by lower(m.email)) as members
       from teams t
      where t.workspace_id = ${workspaceId} and (${ids ?? null}::int[] is null or t.team_id = any(${ids ?? null}::int[]))
      order by lower(t.name), t.team_id`);
}

/** The ids among `ids` that are teams of this workspace. */
export async function findTeamIds(
  tx: Queryable,
  workspaceId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await tx.query<{ team_id: number }>(
    sql`select team_id from teams where workspace_id = ${workspaceId} and team_id = any(${ids}::int[])`,
  );
  return new Set(rows.map((row) => row.team_id));
}

/** Whether another team of this workspace has this name, ignoring case. */
export async function teamNameTaken(
  tx: Queryable,
  workspaceId: number,
  name: string,
  exceptTeamId: number | null,
): Promise<boolean> {
  const rows = await tx.query<{ team_id: number }>(sql`select team_id from teams
      where workspace_id = ${workspaceId} and lower(name) = lower(${name}) and (${exceptTeamId}::int is null or team_id <> ${exceptTeamId}::int)`);
  return rows.length > 0;
}

export async function insertTeam(
  tx: Queryable,
  workspaceId: number,
  name: string,
): Promise<number> {
  const [row] = await tx.query<{ team_id: number }>(
    sql`insert into teams (workspace_id, name) values (${workspaceId}, ${name}) returning team_id`,
  );
  if (!row) throw new Error('insert into teams returned no row');
  return row.team_id;
}

export async function renameTeam(tx: Queryable, workspaceId: number, teamId: number, name: string) {
  await tx.query(
    sql`update teams set name = ${name} where workspace_id = ${workspaceId} and team_id = ${teamId}`,
  );
}

/** Replaces a team's members with these mailbox ids. */
export async function replaceMembers(
  tx: Queryable,
  workspaceId: number,
  teamId: number,
  mailboxIds: readonly number[],
) {
  await tx.query(
    sql`delete from team_members where workspace_id = ${workspaceId} and team_id = ${teamId}`,
  );
  await tx.query(sql`insert into team_members (workspace_id, team_id, mailbox_id)
     select ${workspaceId}, ${teamId}, m from unnest(${mailboxIds}::int[]) as m`);
}

/** Deletes teams; their members and manager grants go by cascade. */
export async function deleteTeams(tx: Queryable, workspaceId: number, ids: readonly number[]) {
  await tx.query(
    sql`delete from teams where workspace_id = ${workspaceId} and team_id = any(${ids}::int[])`,
  );
}
