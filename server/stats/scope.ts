import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { commaList } from '../contract/validation';
import { badRequest, forbidden } from '../http/errors';
import { keptPerObject } from '../kept-per-object';
import type { Viewer } from '../repos/visible-mailboxes';

// What a statistics call covers: its dates, the mailboxes the caller may see
// (repos/visible-mailboxes.ts, read by the caller) narrowed by the mailbox and team filters, and
// the contact groups.

export interface StatsFilters {
  from: string;
  to: string;
  mailboxes?: string;
  teams?: string;
  contact_groups?: string;
}

export interface StatsScope {
  workspaceId: number;
  from: string;
  to: string;
  /** Ascending. */
  mailboxIds: readonly number[];
  /** Contact groups whose contacts a counterpart must be among; null for no such filter. */
  groupIds: number[] | null;
}

// Each list is checked by the contract (`x-list`: item count, each item's type and bounds).
const list = (value: string | undefined) => (value === undefined ? null : commaList(value));

function checkRange(from: string, to: string) {
  if (to < from) throw badRequest(`to (${to}) is before from (${from}).`);
  const limit = new Date(`${from}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + 2);
  if (new Date(`${to}T00:00:00Z`) >= limit) {
    throw badRequest(`The range from ${from} to ${to} is over two years; choose an earlier to.`);
  }
}

async function teamMembers(tx: Queryable, auth: Viewer, ids: number[]) {
  const { workspaceId, role, userId } = auth;
  const teams = await tx.query<{ team_id: number; members: number[] }>(
    sql`select t.team_id, array(select mailbox_id from team_members tm
                               where tm.workspace_id = t.workspace_id and tm.team_id = t.team_id) as members
       from teams t
      where t.workspace_id = ${workspaceId} and t.team_id = any(${ids}::int[])
        and (${role} = 'admin' or (${role} = 'manager' and exists (
              select 1 from manager_teams mt
               where mt.workspace_id = ${workspaceId} and mt.user_id = ${userId} and mt.team_id = t.team_id)))`,
  );
  const missing = ids.find((id) => !teams.some((team) => team.team_id === id));
  if (missing !== undefined) throw forbidden(`You may not see team ${missing}.`);
  return new Set(teams.flatMap((team) => team.members));
}

async function groupIds(tx: Queryable, workspaceId: number, names: string[]) {
  const lowered = names.map((name) => name.toLowerCase());
  const groups = await tx.query<{ group_id: number; name: string }>(
    sql`select group_id, lower(name) as name from contact_groups
      where workspace_id = ${workspaceId} and lower(name) = any(${lowered}::text[])`,
  );
  const missing = names.find((name) => !groups.some((group) => group.name === name.toLowerCase()));
  if (missing !== undefined) throw forbidden(`You may not see the contact group ${missing}.`);
  return groups.map((group) => group.group_id);
}

/** A mailbox the caller may see (repos/visible-mailboxes.ts). */
export interface VisibleMailbox {
  mailbox_id: number;
  email: string;
}

// Concurrent requests share one read of the visible mailboxes (data-version.ts): those that do
// not narrow it share its ids too, rather than each making and sorting its own list.
const idsOf = (rows: readonly VisibleMailbox[]) =>
  Object.freeze(rows.map((row) => row.mailbox_id).sort((a, b) => a - b));

const visibleIds = keptPerObject(idsOf);

/**
 * The scope of a call, from the mailboxes the caller may see: 400 for a bad range and 403 for a
 * filter naming what they may not see.
 */
export async function resolveScope(
  tx: Queryable,
  auth: Viewer,
  filters: StatsFilters,
  visible: readonly VisibleMailbox[],
): Promise<StatsScope> {
  checkRange(filters.from, filters.to);
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
    mailboxIds: selected === visible ? visibleIds(visible) : idsOf(selected),
    groupIds: groups ? await groupIds(tx, auth.workspaceId, groups) : null,
  };
}
