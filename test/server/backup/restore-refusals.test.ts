import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupRefusal,
  newManifest,
  writeArchive,
  type Archive,
} from '../../../server/backup/archive';
import { createBackup } from '../../../server/backup/backup';
import { restoreBackup } from '../../../server/backup/restore';
import { fileEntry, joinTar } from '../../../server/backup/tar';
import { parseArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { listMigrations } from '../../../server/db/migrate';
import { openDatabase } from '../../../server/db/open';
import type { DatabaseOptions } from '../../../server/db/types';
import { TEST_KEY, secrets } from '../support/mail-sync';
import { createTestDbLocation, TMP_DIR, type TestDbLocation } from '../support/test-db';

// What a restore refuses, each with a sentence and before anything is written: a file that is
// not a backup, another kind of database, a newer migration level, a key that does not open
// the credentials, a target with data, and names that leave the data folder.

let location: TestDbLocation;
let dir: string;
beforeAll(async () => {
  location = await createTestDbLocation();
  dir = await mkdtemp(join(TMP_DIR, 'refusals-'));
}, 60_000);
afterAll(async () => {
  await location?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const config = (options: DatabaseOptions, env: Record<string, string> = {}) =>
  loadConfig(
    options.databaseUrl
      ? { DATABASE_URL: options.databaseUrl, ...env }
      : { DATA_DIR: options.dataDir, ...env },
  );

let seq = 0;
const testKind = () => (location.options.databaseUrl ? 'postgres' : 'pglite');

/** An archive of the test database's kind (or another), changed by `change`; its path. */
async function archive(
  change: (archive: Archive) => Archive = (a) => a,
  database: 'pglite' | 'postgres' = testKind(),
): Promise<string> {
  const latest = (await listMigrations()).at(-1)!;
  const plain: Archive = {
    manifest: newManifest(
      {
        version: '0.1.0',
        database,
        dump: database === 'pglite' ? 'pgdata.tar' : 'database.pgdump',
        migration: { version: latest.version, name: latest.name },
        biRoles: [],
        keyCheck: null,
      },
      new Date(),
    ),
    dump: joinTar([fileEntry('PG_VERSION', Buffer.from('18\n'))]),
    key: TEST_KEY.toString('base64'),
  };
  const path = join(dir, `archive-${++seq}.tgz`);
  await writeArchive(path, change(plain));
  return path;
}

/** A folder that does not exist yet (PGlite), or the non-empty test database (PostgreSQL). */
const freshTarget = (): DatabaseOptions =>
  location.options.databaseUrl ? location.options : { dataDir: join(dir, `target-${++seq}`) };

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'restored',
    (error: unknown) => {
      if (error instanceof BackupRefusal) return error.message;
      throw error;
    },
  );

describe('restore refuses', () => {
  it('a file that is not a backup, and another kind of database', async () => {
    const junk = join(dir, 'junk.tgz');
    await writeFile(junk, 'not a tar');
    expect(await refusal(restoreBackup(config(freshTarget()), junk))).toBe(
      `${junk} is not a Mailpulse backup: it is not a gzipped tar.`,
    );
    const other = await archive(undefined, testKind() === 'pglite' ? 'postgres' : 'pglite');
    expect(await refusal(restoreBackup(config(freshTarget()), other))).toMatch(
      /is a backup of (the embedded database \(DATA_DIR\)|PostgreSQL \(DATABASE_URL\)); restore it there/,
    );
  });

  it('an archive from a newer migration level than this build knows', async () => {
    const newer = await archive((a) => ({
      ...a,
      manifest: { ...a.manifest, migration: { version: 9999, name: '9999_future' } },
    }));
    expect(await refusal(restoreBackup(config(freshTarget()), newer))).toMatch(
      /is at migration 9999_future, newer than this build knows \(\d{4}_\w+\): restore it with the build that wrote it \(0\.1\.0\) or a later one\./,
    );
  });

  it('a SECRETS_KEY that does not open the sealed credentials', async () => {
    const sealed = await archive((a) => ({
      ...a,
      manifest: { ...a.manifest, keyCheck: secrets.keyCheck },
    }));
    const other = Buffer.alloc(32, 9).toString('hex');
    expect(
      await refusal(restoreBackup(config(freshTarget(), { SECRETS_KEY: other }), sealed)),
    ).toMatch(/^SECRETS_KEY is not the key the mail credentials in .* were sealed with/);
  });

  it('a target that holds data', async () => {
    const refused = await refusal(restoreBackup(config(location.options), await archive()));
    expect(refused).toMatch(
      location.options.databaseUrl
        ? /^The database at DATABASE_URL is not empty \(\d+ tables, views or sequences\): restore into a new, empty database\.$/
        : /^DATA_DIR .* is not empty: restore into a new or empty folder\.$/,
    );
  });
});

describe('a restore into the embedded database', () => {
  it('refuses names that leave the data folder and leaves the folder empty', async () => {
    const escaping = await archive(
      (a) => ({
        ...a,
        dump: joinTar([
          fileEntry('PG_VERSION', Buffer.from('18\n')),
          fileEntry('../escaped', Buffer.from('x')),
        ]),
      }),
      'pglite',
    );
    const target = { dataDir: join(dir, `target-${++seq}`) };
    expect(await refusal(restoreBackup(config(target), escaping))).toBe(
      "the archive's data folder names a path outside it: ../escaped",
    );
    expect(await readdir(target.dataDir)).toEqual([]);
    expect(await readdir(dir)).not.toContain('escaped');
  });
});

describe('backup', () => {
  it('never replaces a file', async () => {
    const existing = join(dir, 'existing.tgz');
    await writeFile(existing, 'keep me');
    const db = await openDatabase(location.options);
    try {
      expect(await refusal(createBackup(db, config(location.options), existing))).toBe(
        `--out ${existing} exists: name a new file.`,
      );
    } finally {
      await db.close();
    }
  });

  it('names its file flags in the help and requires them', () => {
    expect(parseArgv(['backup'])).toEqual({
      stdout: [],
      stderr: ['error: --out is required'],
      code: 2,
    });
    const help = parseArgv(['help']);
    expect('stdout' in help ? help.stdout.join('\n') : '').toMatch(
      /backup {9}--out FILE[\s\S]*restore {8}--from FILE[\s\S]*migrate:status/,
    );
  });
});
