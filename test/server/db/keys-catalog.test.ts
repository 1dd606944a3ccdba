import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { createTestDb } from '../support/test-db';

// The rule that lets the schema be distributed by workspace (docs/scale.md): every primary key,
// unique constraint or index, and foreign key (both its columns and those it references) of a
// table with a workspace_id column starts with workspace_id. A global lookup that cannot lives in
// a table of its own, listed under "Global tables" in docs/scale.md; so is any table without
// the column. Read from the catalog of the migrated database, on PGlite and on PostgreSQL.

const SCALE_DOC = new URL('../../../docs/scale.md', import.meta.url);

/** The tables docs/scale.md lists under "## Global tables" (each item starts with its name). */
function globalTables(): string[] {
  const doc = readFileSync(SCALE_DOC, 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Global tables')) ?? '';
  return [...section.matchAll(/^- `(\w+)`/gm)].map((match) => match[1] ?? '');
}

interface Key {
  table: string;
  name: string;
  kind: string;
  /** The key's columns in order; null for an expression. */
  columns: (string | null)[];
  /** A foreign key's referenced columns. */
  referenced: (string | null)[] | null;
}

const TABLES = `
  select c.relname as table,
         exists (select 1 from pg_attribute a where a.attrelid = c.oid
                   and a.attname = 'workspace_id' and not a.attisdropped) as has_workspace
    from pg_class c
   where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')`;

const column = (rel: string, attnum: string) =>
  `(select a.attname::text from pg_attribute a where a.attrelid = ${rel} and a.attnum = ${attnum})`;

// Constraints (primary, unique, foreign) and unique indexes that back no constraint.
const KEYS = `
  select t.relname as table, k.conname as name,
         case k.contype when 'p' then 'primary key' when 'u' then 'unique' else 'foreign key' end
           as kind,
         array(select ${column('k.conrelid', 'n')} from unnest(k.conkey) with ordinality u(n, i)
                order by i) as columns,
         case when k.contype = 'f' then
           array(select ${column('k.confrelid', 'n')} from unnest(k.confkey) with ordinality u(n, i)
                  order by i) end as referenced
    from pg_constraint k join pg_class t on t.oid = k.conrelid
   where k.connamespace = current_schema()::regnamespace and k.contype in ('p', 'u', 'f')
  union all
  select t.relname, ic.relname, 'unique index',
         array(select ${column('x.indrelid', 'n')} from unnest(x.indkey::int2[]) with ordinality u(n, i)
                order by i),
         null
    from pg_index x join pg_class t on t.oid = x.indrelid join pg_class ic on ic.oid = x.indexrelid
   where t.relnamespace = current_schema()::regnamespace and x.indisunique
     and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`;

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe('keys that lead with workspace_id', () => {
  it('every key of a workspace table starts with workspace_id, on both of its sides', async () => {
    const global = new Set(globalTables());
    const keys = await db.query<Key>(KEYS);
    const offending = keys
      .filter((key) => !global.has(key.table))
      .filter(
        (key) =>
          key.columns[0] !== 'workspace_id' ||
          (key.referenced !== null && key.referenced[0] !== 'workspace_id'),
      )
      .map((key) => `${key.table}: ${key.kind} ${key.name} (${key.columns.join(', ')})`);
    expect(offending).toEqual([]);
  });

  it('names every table without workspace_id among the global tables of docs/scale.md', async () => {
    const global = new Set(globalTables());
    const tables = await db.query<{ table: string; has_workspace: boolean }>(TABLES);
    expect(tables.length).toBeGreaterThan(20);
    const unnamed = tables.filter((t) => !t.has_workspace && !global.has(t.table));
    expect(unnamed.map((t) => t.table)).toEqual([]);
    // And the list names only tables that exist.
    const names = new Set(tables.map((t) => t.table));
    expect([...global].filter((name) => !names.has(name))).toEqual([]);
  });
});
