import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';

type Team = Schemas['Team'];

/** The workspace's teams ordered by name, or only those with the given ids. */
export async function listTeams(
  tx: Queryable,
  workspaceId: number,
  ids?: readonly number[],
): Promise<Team[]> {
  return tx.query<Team>(
    `select t.team_id as id, t.name, t.created_at as created,
            array(select m.email from team_members tm
                    join mailboxes m on m.workspace_id = tm.workspace_id and m.mailbox_id = tm.mailbox_id
                   where tm.workspace_id = $1 and tm.team_id = t.team_id
                   order by lower(m.email)) as members
       from teams t
      where t.workspace_id = $1 and ($2::int[] is null or t.team_id = any($2::int[]))
      order by lower(t.name), t.team_id`,
    [workspaceId, ids ?? null],
  );
}

/** The ids among `ids` that are teams of this workspace. */
export async function findTeamIds(
  tx: Queryable,
  workspaceId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await tx.query<{ team_id: number }>(
    `select team_id from teams where workspace_id = $1 and team_id = any($2::int[])`,
    [workspaceId, ids],
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
  const rows = await tx.query<{ team_id: number }>(
    `select team_id from teams
      where workspace_id = $1 and lower(name) = lower($2) and ($3::int is null or team_id <> $3::int)`,
    [workspaceId, name, exceptTeamId],
  );
  return rows.length > 0;
}

export async function insertTeam(
  tx: Queryable,
  workspaceId: number,
  name: string,
): Promise<number> {
  const [row] = await tx.query<{ team_id: number }>(
    `insert into teams (workspace_id, name) values ($1, $2) returning team_id`,
    [workspaceId, name],
  );
  if (!row) throw new Error('insert into teams returned no row');
  return row.team_id;
}

export async function renameTeam(tx: Queryable, workspaceId: number, teamId: number, name: string) {
  await tx.query(`update teams set name = $3 where workspace_id = $1 and team_id = $2`, [
    workspaceId,
    teamId,
    name,
  ]);
}

/** Replaces a team's members with these mailbox ids. */
export async function replaceMembers(
  tx: Queryable,
  workspaceId: number,
  teamId: number,
  mailboxIds: readonly number[],
) {
  await tx.query(`delete from team_members where workspace_id = $1 and team_id = $2`, [
    workspaceId,
    teamId,
  ]);
  await tx.query(
    `insert into team_members (workspace_id, team_id, mailbox_id)
     select $1, $2, m from unnest($3::int[]) as m`,
    [workspaceId, teamId, mailboxIds],
  );
}

/** Deletes teams; their members and manager grants go by cascade. */
export async function deleteTeams(tx: Queryable, workspaceId: number, ids: readonly number[]) {
  await tx.query(`delete from teams where workspace_id = $1 and team_id = any($2::int[])`, [
    workspaceId,
    ids,
  ]);
}
