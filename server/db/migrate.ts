import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from './sql';
import type { Db, Tx } from './types';
import { runtimeFiles } from '../runtime-files';

const MIGRATIONS_DIR = runtimeFiles.migrations;

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

// Any fixed bigint works; every Mailpulse server must use the same one.
const MIGRATION_LOCK_KEY = 727_001_0001;

interface Migration {
  version: number;
  /** The file name without .sql, e.g. '0001_init'. */
  name: string;
  sql: string;
}

/** The migration files in version order; a misnamed .sql file or a reused number is an error. */
export async function listMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file ${file} is not named NNNN_name.sql`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) {
      throw new Error(`Two migration files use version ${version}`);
    }
    migrations.push({
      version,
      name: file.slice(0, -4),
      sql: await readFile(join(MIGRATIONS_DIR, file), 'utf8'),
    });
  }
  return migrations;
}

/** Serialises migrators across servers sharing one PostgreSQL; released at COMMIT/ROLLBACK. */
async function lockAndEnsureTable(tx: Tx): Promise<void> {
  await tx.query(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
  await tx.query(
    sql`create table if not exists schema_migrations (
       version integer primary key,
       name text not null,
       applied_at timestamptz not null default now()
     )`,
  );
}

async function applyOne(db: Db, migration: Migration): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAndEnsureTable(tx);
    const done = await tx.query(
      sql`select 1 from schema_migrations where version = ${migration.version}`,
    );
    if (done.length > 0) return false;
    await tx.runScript(migration.sql);
    await tx.query(
      sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`,
    );
    return true;
  });
}

/**
 * Applies every pending migration, each in its own transaction, and returns the names applied
 * (empty when the schema was current). Refuses a database migrated by a newer build.
 */
export async function migrate(db: Db): Promise<string[]> {
  const migrations = await listMigrations();
  const applied: string[] = [];
  for (const migration of migrations) {
    if (await applyOne(db, migration)) applied.push(migration.name);
  }
  const latest = migrations.at(-1)?.version ?? 0;
  const unknown = await db.query<{ name: string }>(
    sql`select name from schema_migrations where version > ${latest} order by version`,
  );
  if (unknown.length > 0) {
    const names = unknown.map((row) => row.name).join(', ');
    throw new Error(`The database has migrations this build does not know: ${names}`);
  }
  return applied;
}
