import type { Role } from '../../common/access-model';
import { sql, type Sql } from '../db/sql';

// Which mailboxes a caller may see, the rule the statistics, the dashboard's filters and the BI
// guest tokens share. Admins see every mailbox (removed ones too: their data still counts in past
// figures), managers their granted mailboxes and their granted teams' members, viewers the
// mailbox of their own address.

/** What the rule looks at of a signed-in caller. */
export interface Viewer {
  workspaceId: number;
  role: Role;
  userId: number;
  email: string;
}

/** A select of the mailboxes `viewer` may see (alias `m`): `mailbox_id` and lower-cased `email`. */
export const visibleMailboxes = ({ workspaceId, role, userId, email }: Viewer): Sql => sql`
  select m.mailbox_id, lower(m.email) as email from mailboxes m
   where m.workspace_id = ${workspaceId} and (
     ${role} = 'admin'
     or (${role} = 'manager' and (
       exists (select 1 from manager_mailboxes g
                where g.workspace_id = ${workspaceId} and g.user_id = ${userId} and g.mailbox_id = m.mailbox_id)
       or exists (select 1 from manager_teams mt
                    join team_members tm on tm.workspace_id = mt.workspace_id and tm.team_id = mt.team_id
                   where mt.workspace_id = ${workspaceId} and mt.user_id = ${userId} and tm.mailbox_id = m.mailbox_id)))
     or (${role} = 'viewer' and lower(m.email) = lower(${email})))`;

/** Equal for callers who see the same mailboxes and teams: all admins of a workspace share one. */
export const visibilityKey = (viewer: Viewer): string =>
  viewer.role === 'admin'
    ? `${viewer.workspaceId}|admin`
    : `${viewer.workspaceId}|${viewer.role}|${viewer.userId}|${viewer.email.toLowerCase()}`;
