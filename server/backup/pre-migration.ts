import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { appliedMigrations, migrate, pendingMigrations } from '../db/migrate';
import type { Db } from '../db/types';
import { createBackup } from './backup';

// On the embedded database a start that will migrate first writes a backup of the database as
// it was, DATA_DIR/backups/pre-NNNN-DATE.tgz (NNNN the first migration to apply), and keeps the
// last three. PostgreSQL is backed up by its operator's own means (or `backup`).

const KEPT = 3;
const PRE_MIGRATION = /^pre-\d{4}-(\d{8}T\d{6}Z)\.tgz$/;

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Removes all but the newest `KEPT` pre-migration backups in the folder. */
export async function pruneBackups(folder: string): Promise<void> {
  const dated = (await readdir(folder))
    .map((name) => ({ name, date: PRE_MIGRATION.exec(name)?.[1] }))
    .filter((file): file is { name: string; date: string } => file.date !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date));
  for (const file of dated.slice(KEPT)) await rm(join(folder, file.name), { force: true });
}

/** Backs the database up when a migration is pending; the file written, or null. */
async function backUpBeforeMigrating(
  db: Db,
  config: Config,
  folder: string | undefined,
  now: Date,
): Promise<string | null> {
  if (db.kind !== 'pglite' || config.dataDir.startsWith('memory://')) return null;
  const [first] = await pendingMigrations(db, folder);
  // A new folder has nothing to lose.
  if (!first || (await appliedMigrations(db)).length === 0) return null;
  const backups = join(config.dataDir, 'backups');
  await mkdir(backups, { recursive: true, mode: 0o700 });
  const file = join(backups, `pre-${first.name.slice(0, 4)}-${stamp(now)}.tgz`);
  await createBackup(db, config, file, now);
  await pruneBackups(backups);
  return file;
}

/** Migrates as a start does, the backup first when needed: the backup's line, the names applied. */
export async function migrateSafely(
  db: Db,
  config: Config,
  { folder, now = new Date() }: { folder?: string; now?: Date } = {},
): Promise<{ backup: string[]; applied: string[] }> {
  const file = await backUpBeforeMigrating(db, config, folder, now);
  const applied = await migrate(db, folder);
  return { backup: file ? [`backed up before migrating: ${file}`] : [], applied };
}
