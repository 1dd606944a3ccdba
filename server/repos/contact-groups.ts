import type { Queryable } from '../db/types';
import { EMPTY, FOR_UPDATE, sql } from '../db/sql';

type ContactKind = 'address' | 'domain';

export interface NewContact {
  kind: ContactKind;
  value: string;
}

interface GroupSummary {
  contact_group: string;
  contacts_number: number;
}

interface ContactRow {
  id: number;
  item: string;
}

// Names compare without case and items are stored lower-cased; both sort bytewise ("C") so
// PGlite and PostgreSQL, whatever their default collation, list them in the same order.

export async function listGroups(tx: Queryable, workspaceId: number): Promise<GroupSummary[]> {
  return tx.query<GroupSummary>(sql`select g.name as contact_group,
            (select count(*) from contacts c where c.workspace_id = g.workspace_id and c.group_id = g.group_id)::int
              as contacts_number
       from contact_groups g
      where g.workspace_id = ${workspaceId}
      order by lower(g.name) collate "C", g.group_id`);
}

/** The group's id, or null; `lock` serialises changes to one group. */
export async function findGroup(
  tx: Queryable,
  workspaceId: number,
  name: string,
  lock = false,
): Promise<number | null> {
  const [row] = await tx.query<{ group_id: number }>(
    sql`select group_id from contact_groups where workspace_id = ${workspaceId} and lower(name) = lower(${name.trim()})${lock ? FOR_UPDATE : EMPTY}`,
  );
  return row?.group_id ?? null;
}

/** Whether another group (not `exceptGroupId`) already has this name, ignoring case. */
export async function nameTaken(
  tx: Queryable,
  workspaceId: number,
  name: string,
  exceptGroupId: number | null,
) {
  const rows = await tx.query(sql`select 1 from contact_groups
      where workspace_id = ${workspaceId} and lower(name) = lower(${name}) and group_id is distinct from ${exceptGroupId}`);
  return rows.length > 0;
}

export async function insertGroup(
  tx: Queryable,
  workspaceId: number,
  name: string,
): Promise<number> {
  const [row] = await tx.query<{ group_id: number }>(
    sql`insert into contact_groups (workspace_id, name) values (${workspaceId}, ${name}) returning group_id`,
  );
  if (!row) throw new Error('insert returned no row');
  return row.group_id;
}

export async function renameGroup(
  tx: Queryable,
  workspaceId: number,
  groupId: number,
  name: string,
) {
  await tx.query(
    sql`update contact_groups set name = ${name} where workspace_id = ${workspaceId} and group_id = ${groupId}`,
  );
}

/** Deletes the group; its contacts go with it (foreign key cascade). */
export async function deleteGroup(tx: Queryable, workspaceId: number, groupId: number) {
  await tx.query(
    sql`delete from contact_groups where workspace_id = ${workspaceId} and group_id = ${groupId}`,
  );
}

/** Adds contacts, skipping ones the group already has. */
export async function insertContacts(
  tx: Queryable,
  workspaceId: number,
  groupId: number,
  contacts: NewContact[],
) {
  await tx.query(sql`insert into contacts (workspace_id, group_id, kind, value)
     select ${workspaceId}, ${groupId}, c.kind, c.value
       from jsonb_to_recordset(${JSON.stringify(contacts)}::jsonb) as c(kind text, value text)
     on conflict do nothing`);
}

export async function listContacts(
  tx: Queryable,
  workspaceId: number,
  groupId: number,
): Promise<ContactRow[]> {
  return tx.query<ContactRow>(sql`select contact_id as id, value as item from contacts
      where workspace_id = ${workspaceId} and group_id = ${groupId}
      order by value collate "C", contact_id`);
}

export async function groupSummary(
  tx: Queryable,
  workspaceId: number,
  groupId: number,
): Promise<GroupSummary> {
  const [row] = await tx.query<GroupSummary>(sql`select g.name as contact_group,
            (select count(*) from contacts c where c.workspace_id = g.workspace_id and c.group_id = g.group_id)::int
              as contacts_number
       from contact_groups g where g.workspace_id = ${workspaceId} and g.group_id = ${groupId}`);
  if (!row) throw new Error(`contact group ${groupId} does not exist`);
  return row;
}

/** Removes the contacts; returns how many were removed. */
export async function deleteContacts(
  tx: Queryable,
  workspaceId: number,
  groupId: number,
  ids: number[],
) {
  const rows = await tx.query(
    sql`delete from contacts where workspace_id = ${workspaceId} and group_id = ${groupId} and contact_id = any(${ids}::int[]) returning contact_id`,
  );
  return rows.length;
}
