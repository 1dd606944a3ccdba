import type { TestSuite } from './suite';

/** A user as the users API lists it. */
export interface ListedUser {
  id: number;
  email: string;
  full_name: string;
  role: string;
  can_see_data_for: { mailboxes: string[]; teams: number[] };
  tracked: boolean;
}

/** The `message` of an error reply. */
export const replyMessage = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

/** Workspaces for the users API's tests, and their user rows, on a suite's database. */
export function userRows(t: TestSuite) {
  /** A workspace with a second tracked mailbox (sales@) and a team (Support, holding sales@). */
  async function workspace(maxUsers = 10) {
    const ws = await t.workspace({ maxUsers });
    await t.db.query(
      `insert into mailboxes (workspace_id, email, full_name) values ($1, $2, 'Sales Desk')`,
      [ws.workspaceId, `sales@${ws.domain}`],
    );
    const [team] = await t.db.query<{ team_id: number }>(
      `insert into teams (workspace_id, name) values ($1, 'Support') returning team_id`,
      [ws.workspaceId],
    );
    if (!team) throw new Error('no team');
    return { ...ws, teamId: team.team_id };
  }

  /** Each user's role and grants, by address. */
  async function stored(workspaceId: number) {
    return t.db.query<{ email: string; role: string; mailboxes: string[]; teams: number[] }>(
      `select u.email, u.role,
              array(select m.email from manager_mailboxes g join mailboxes m using (workspace_id, mailbox_id)
                     where g.workspace_id = u.workspace_id and g.user_id = u.user_id order by m.email) as mailboxes,
              array(select team_id from manager_teams g where g.workspace_id = u.workspace_id and g.user_id = u.user_id order by team_id) as teams
         from users u where u.workspace_id = $1 order by u.email`,
      [workspaceId],
    );
  }

  /** Lets the manager see the viewer's mailbox and the Support team. */
  async function grant(ws: Awaited<ReturnType<typeof workspace>>) {
    await t.db.query(
      `insert into manager_mailboxes (workspace_id, user_id, mailbox_id) select workspace_id, $2, mailbox_id from mailboxes where workspace_id = $1 and email = $3`,
      [ws.workspaceId, ws.manager.userId, `viewer@${ws.domain}`],
    );
    await t.db.query(
      `insert into manager_teams (workspace_id, user_id, team_id) values ($1, $2, $3)`,
      [ws.workspaceId, ws.manager.userId, ws.teamId],
    );
  }

  return { workspace, stored, grant };
}
