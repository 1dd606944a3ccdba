import type { AuthContext } from '../auth/authenticate';
import type { Queryable } from '../db/types';
import { badRequest, forbidden } from '../http/errors';

// What a statistics call covers: its dates, the mailboxes the caller may see narrowed by the
// mailbox and team filters, and the contact groups. Admins see every mailbox (removed ones
// too: their data still counts in past figures), managers their granted mailboxes and their
// granted teams' members, viewers the mailbox of their own address.

export interface StatsFilters {
  from: string;
  to: string;
  mailboxes?: string;
  teams?: string;
  contact_groups?: string;
}

/** Whose view a figure takes: the caller's, or a report's recipient's. */
export type StatsViewer = Pick<AuthContext, 'workspaceId' | 'role' | 'userId' | 'email'>;

export interface StatsScope {
  workspaceId: number;
  from: string;
  to: string;
  mailboxIds: number[];
  /** Contact groups whose contacts a counterpart must be among; null for no such filter. */
  groupIds: number[] | null;
}

const list = (value: string | undefined) =>
  value === undefined
    ? null
    : value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');

function checkRange(from: string, to: string) {
  if (to < from) throw badRequest(`to (${to}) is before from (${from}).`);
  const limit = new Date(`${from}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + 2);
  if (new Date(`${to}T00:00:00Z`) >= limit) {
    throw badRequest(`The range from ${from} to ${to} is over two years; choose an earlier to.`);
  }
}

/** The mailboxes a caller may see: $1 workspace, $2 role, $3 user id, $4 email. */
export const VISIBLE_MAILBOXES = `
  select m.mailbox_id, lower(m.email) as email from mailboxes m
   where m.workspace_id = $1 and (
     $2 = 'admin'
     or ($2 = 'manager' and (
       exists (select 1 from manager_mailboxes g
                where g.workspace_id = $1 and g.user_id = $3 and g.mailbox_id = m.mailbox_id)
       or exists (select 1 from manager_teams mt
                    join team_members tm on tm.workspace_id = mt.workspace_id and tm.team_id = mt.team_id
                   where mt.workspace_id = $1 and mt.user_id = $3 and tm.mailbox_id = m.mailbox_id)))
     or ($2 = 'viewer' and lower(m.email) = lower($4)))`;

async function teamMembers(tx: Queryable, auth: StatsViewer, ids: number[]) {
  const teams = await tx.query<{ team_id: number; members: number[] }>(
    `select t.team_id, array(select mailbox_id from team_members tm
                               where tm.workspace_id = t.workspace_id and tm.team_id = t.team_id) as members
       from teams t
      where t.workspace_id = $1 and t.team_id = any($2::int[])
        and ($3 = 'admin' or ($3 = 'manager' and exists (
              select 1 from manager_teams mt
               where mt.workspace_id = $1 and mt.user_id = $4 and mt.team_id = t.team_id)))`,
    [auth.workspaceId, ids, auth.role, auth.userId],
  );
  const missing = ids.find((id) => !teams.some((team) => team.team_id === id));
  if (missing !== undefined) throw forbidden(`You may not see team ${missing}.`);
  return new Set(teams.flatMap((team) => team.members));
}

async function groupIds(tx: Queryable, workspaceId: number, names: string[]) {
  const groups = await tx.query<{ group_id: number; name: string }>(
    `select group_id, lower(name) as name from contact_groups
      where workspace_id = $1 and lower(name) = any($2::text[])`,
    [workspaceId, names.map((name) => name.toLowerCase())],
  );
  const missing = names.find((name) => !groups.some((group) => group.name === name.toLowerCase()));
  if (missing !== undefined) throw forbidden(`You may not see the contact group ${missing}.`);
  return groups.map((group) => group.group_id);
}

/** The scope of a call, or 400 for a bad range and 403 for a filter naming what it may not see. */
export async function resolveScope(
  tx: Queryable,
  auth: StatsViewer,
  filters: StatsFilters,
): Promise<StatsScope> {
  checkRange(filters.from, filters.to);
  const visible = await tx.query<{ mailbox_id: number; email: string }>(VISIBLE_MAILBOXES, [
    auth.workspaceId,
    auth.role,
    auth.userId,
    auth.email,
  ]);
  let selected = visible;
  const named = list(filters.mailboxes)?.map((email) => email.toLowerCase());
  if (named) {
    const missing = named.find((email) => !visible.some((row) => row.email === email));
    if (missing !== undefined) throw forbidden(`You may not see the mailbox ${missing}.`);
    selected = selected.filter((row) => named.includes(row.email));
  }
  const teams = list(filters.teams);
  if (teams) {
    const members = await teamMembers(tx, auth, teams.map(Number));
    selected = selected.filter((row) => members.has(row.mailbox_id));
  }
  const groups = list(filters.contact_groups);
  return {
    workspaceId: auth.workspaceId,
    from: filters.from,
    to: filters.to,
    mailboxIds: selected.map((row) => row.mailbox_id),
    groupIds: groups ? await groupIds(tx, auth.workspaceId, groups) : null,
  };
}
