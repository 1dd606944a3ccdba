import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneBackups } from '../../../server/backup/pre-migration';
import { listMigrations } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/open';
import { environment, exitOf, runCli, start, stop } from '../support/server-process';
import { createTestDbLocation, TMP_DIR, type TestDbLocation } from '../support/test-db';

// A start whose migrations fail leaves the database as it was (the pending migrations run in
// one transaction), exits 1 naming the file, and the build before starts on it again. On the
// embedded database the start first writes DATA_DIR/backups/pre-NNNN-DATE.tgz.

const MIGRATIONS = fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url));

let location: TestDbLocation;
let folder: string;
beforeAll(async () => {
  location = await createTestDbLocation();
  // This build's migrations and two more: one that works, then one that fails.
  folder = await mkdtemp(join(TMP_DIR, 'migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  await writeFile(join(folder, '9998_works.sql'), 'create table works_probe (id integer);\n');
  await writeFile(
    join(folder, '9999_fails.sql'),
    'create table fails_probe (id integer);\nselect 1 / 0;\n',
  );
}, 60_000);
afterAll(async () => {
  await location?.dispose();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The migration level and whether the probe tables exist. */
async function schemaState() {
  const db = await openDatabase(location.options);
  try {
    const [row] = await db.query<{ level: string; works: boolean; fails: boolean }>(
      `select (select max(name) from schema_migrations) as level,
              to_regclass('works_probe') is not null as works,
              to_regclass('fails_probe') is not null as fails`,
    );
    return row;
  } finally {
    await db.close();
  }
}

describe('a failing migration', () => {
  it('leaves the database as it was, exits 1 naming the file, and the build before starts again', async () => {
    const built = await listMigrations();
    const before = await schemaState();
    expect(before).toEqual({ level: built.at(-1)?.name, works: false, fails: false });
    const env = environment(location, { SEED_DEMO: 'false', WORKERS: 'false' });
    const upgraded = { ...env, MIGRATIONS_DIR: folder };

    const status = await runCli(['migrate:status'], upgraded);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^applied\t0001_init\t\d{4}-\d\d-\d\dT/m);
    expect(status.stdout).toContain(
      `pending\t9998_works\npending\t9999_fails\n${built.length} applied, 2 pending\n`,
    );

    const failed = await exitOf(upgraded);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      'Mailpulse cannot start. Migration 9999_fails.sql failed: division by zero. ' +
        'The database is as it was before this start.',
    );
    expect(await schemaState()).toEqual(before);
    if (location.options.dataDir) {
      const backups = await readdir(join(location.options.dataDir, 'backups'));
      expect(backups).toEqual([expect.stringMatching(/^pre-9998-\d{8}T\d{6}Z\.tgz$/)]);
      // The way back after an upgrade: the pre-migration backup restores into a new folder.
      const restored = `${folder}-restored`;
      const from = join(location.options.dataDir, 'backups', backups[0]!);
      const restore = await runCli(['restore', '--from', from], { ...env, DATA_DIR: restored });
      await rm(restored, { recursive: true, force: true });
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toContain(`at migration ${before?.level}`);
    }

    const again = await start(env);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    expect(await stop(again, 'SIGTERM')).toBe(0);
  }, 180_000);
});

describe('pre-migration backups', () => {
  it('keep the newest three', async () => {
    const backups = await mkdtemp(join(TMP_DIR, 'backups-'));
    try {
      const names = [
        'pre-0030-20261201T100000Z.tgz',
        'pre-0031-20261203T100000Z.tgz',
        'pre-0030-20261202T100000Z.tgz',
        'pre-0032-20261205T100000Z.tgz',
        'pre-0031-20261204T100000Z.tgz',
        'notes.txt',
      ];
      for (const name of names) await writeFile(join(backups, name), '');
      await pruneBackups(backups);
      expect((await readdir(backups)).sort()).toEqual([
        'notes.txt',
        'pre-0031-20261203T100000Z.tgz',
        'pre-0031-20261204T100000Z.tgz',
        'pre-0032-20261205T100000Z.tgz',
      ]);
    } finally {
      await rm(backups, { recursive: true, force: true });
    }
  });
});
