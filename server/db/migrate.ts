import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from './sql';
import type { Db, Queryable, Tx } from './types';
import { runtimeFiles } from '../runtime-files';

const MIGRATIONS_DIR = runtimeFiles.migrations;

/**
 * The build's migrations folder, or MIGRATIONS_DIR when set: a test-only setting, with which the
 * tests add a failing migration to see that a start leaves the database as it was.
 */
export const migrationsFolder = (env: NodeJS.ProcessEnv = process.env): string =>
  env.MIGRATIONS_DIR || MIGRATIONS_DIR;

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
export async function listMigrations(folder = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
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
      sql: await readFile(join(folder, file), 'utf8'),
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

/** A migration that failed; nothing of the run was kept (they run in one transaction). */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';

  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `Migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'The database is as it was before this start.',
      { cause },
    );
  }
}

/** Applied migrations, oldest first; none when the table does not exist yet. */
export async function appliedMigrations(
  db: Queryable,
): Promise<{ version: number; name: string; applied_at: string }[]> {
  const [table] = await db.query<{ found: boolean }>(
    sql`select to_regclass('schema_migrations') is not null as found`,
  );
  if (!table?.found) return [];
  return db.query(sql`select version, name, applied_at from schema_migrations order by version`);
}

/** The build's migrations the database has not applied yet. */
export async function pendingMigrations(db: Queryable, folder?: string): Promise<Migration[]> {
  const done = new Set((await appliedMigrations(db)).map((row) => row.version));
  return (await listMigrations(folder)).filter((migration) => !done.has(migration.version));
}

/**
 * Applies the pending migrations all in one transaction, so a failing one leaves the database
 * as it was before the run, and the build before can start on it again.
 */
async function applyPending(db: Db, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockAndEnsureTable(tx);
    const applied: string[] = [];
    for (const migration of migrations) {
      const done = await tx.query(
        sql`select 1 from schema_migrations where version = ${migration.version}`,
      );
      if (done.length > 0) continue;
      await runOne(tx, migration);
      applied.push(migration.name);
    }
    return applied;
  });
}

async function runOne(tx: Tx, migration: Migration): Promise<void> {
  try {
    await tx.runScript(migration.sql);
  } catch (error) {
    throw new MigrationError(`${migration.name}.sql`, error);
  }
  await tx.query(
    sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`,
  );
}

/**
 * Applies every pending migration, in one transaction, and returns the names applied (empty
 * when the schema was current). Refuses a database migrated by a newer build.
 */
export async function migrate(db: Db, folder?: string): Promise<string[]> {
  const migrations = await listMigrations(folder);
  const applied = await applyPending(db, migrations);
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
