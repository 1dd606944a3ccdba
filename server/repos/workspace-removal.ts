import { identifier, joinSql, sql } from '../db/sql';
import type { Queryable } from '../db/types';

// Removing a workspace (workspace:delete): every row of it, in every table with a workspace_id
// column, read from the catalog so that a table a later migration adds is never missed. The
// workspace's row goes first and the foreign keys that reference it cascade; then each table is
// emptied of the workspace's rows that no foreign key reaches (stats_data_versions) or that a
// trigger wrote during the cascade.

/** The tables with a workspace_id column (a partition counts with its parent). */
async function workspaceTables(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ name: string }>(sql`
    select c.relname as name
      from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
       and not c.relispartition and a.attname = 'workspace_id' and not a.attisdropped
     order by c.relname`);
  return rows.map((row) => row.name);
}

/** How many rows the workspace has across `tables`, in one statement. */
async function workspaceRowCount(
  q: Queryable,
  workspaceId: number,
  tables: readonly string[],
): Promise<number> {
  const counts = tables.map(
    (table) => sql`(select count(*) from ${identifier(table)} where workspace_id = ${workspaceId})`,
  );
  const [row] = await q.query<{ rows: string }>(
    sql`select (${joinSql(counts, sql` + `)})::text as rows`,
  );
  return Number(row?.rows ?? 0);
}

/** Deletes every row of the workspace; returns how many there were. */
export async function removeWorkspace(q: Queryable, workspaceId: number): Promise<number> {
  const tables = await workspaceTables(q);
  const rows = await workspaceRowCount(q, workspaceId, tables);
  await q.query(sql`delete from workspaces where workspace_id = ${workspaceId}`);
  for (const table of tables) {
    await q.query(sql`delete from ${identifier(table)} where workspace_id = ${workspaceId}`);
  }
  return rows;
}
