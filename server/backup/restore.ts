import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../config';
import { recreateBiRole } from '../bi/role';
import { listMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { sql } from '../db/sql';
import type { Db } from '../db/types';
import { SecretBox, parseSecretsKey } from '../mail/secrets';
import { BackupRefusal, readArchive, type Archive, type Manifest } from './archive';
import { libpqTarget, pgTool } from './backup';
import { readTar } from './tar';

// `restore --from FILE`: into an empty DATA_DIR (PGlite) or an empty database (DATABASE_URL),
// never over data. Everything is checked before anything is written: the archive, its
// migration level against this build, the key against the sealed credentials, the target.

const KIND_NAMES = {
  pglite: 'the embedded database (DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

async function checkLevel(from: string, manifest: Manifest): Promise<void> {
  const latest = (await listMigrations()).at(-1);
  if (latest && manifest.migration.version > latest.version) {
    throw new BackupRefusal(
      `${from} is at migration ${manifest.migration.name}, newer than this build knows ` +
        `(${latest.name}): restore it with the build that wrote it (${manifest.version}) or a later one.`,
    );
  }
}

/** The key the restored database will be read with; refused when it cannot open the credentials. */
function chooseKey(from: string, archive: Archive, config: Config): void {
  const given = config.mailSync.secretsKey;
  const used = config.databaseUrl ? given : (given ?? archive.key ?? undefined);
  const { keyCheck } = archive.manifest;
  if (keyCheck === null) return;
  if (used === undefined) {
    throw new BackupRefusal(
      config.databaseUrl
        ? `Restoring into PostgreSQL needs SECRETS_KEY set to the key the mail credentials were ` +
            `sealed with (the archive's secrets.key: tar -xzOf ${from} secrets.key); every ` +
            'server on the database needs it too.'
        : `${from} holds no secrets key: set SECRETS_KEY to the key its mail credentials were ` +
            'sealed with, and restore again.',
    );
  }
  const key = parseSecretsKey(used);
  if (!key || new SecretBox(key).keyCheck !== keyCheck) {
    throw new BackupRefusal(
      `SECRETS_KEY is not the key the mail credentials in ${from} were sealed with: set the ` +
        "key they were sealed with (or unset SECRETS_KEY to use the archive's own).",
    );
  }
}

async function folderEntries(folder: string): Promise<string[]> {
  return readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** Writes PGlite's data folder from the archive's tar; names leaving the folder are refused. */
async function extractPgdata(tar: Buffer, folder: string): Promise<void> {
  const root = resolve(folder);
  for (const entry of readTar(tar)) {
    const path = resolve(root, `.${sep}${entry.name.replace(/^\/+/, '')}`);
    if (path !== root && !path.startsWith(`${root}${sep}`)) {
      throw new BackupRefusal(`the archive's data folder names a path outside it: ${entry.name}`);
    }
    if (entry.kind === 'folder') await mkdir(path, { recursive: true, mode: 0o700 });
    if (entry.kind !== 'file') continue;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, entry.data, { mode: 0o600 });
  }
}

async function restorePglite(archive: Archive, config: Config): Promise<string[]> {
  const folder = resolve(config.dataDir);
  const before = await folderEntries(folder);
  if (before.length > 0) {
    throw new BackupRefusal(`DATA_DIR ${folder} is not empty: restore into a new or empty folder.`);
  }
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await extractPgdata(archive.dump, folder);
    if (archive.key !== null) {
      const keyFile = join(folder, 'secrets.key');
      await writeFile(keyFile, `${archive.key}\n`, { mode: 0o600 });
      await chmod(keyFile, 0o600);
    }
    const db = await openDatabase({ dataDir: folder });
    await db.close();
  } catch (error) {
    for (const name of await folderEntries(folder)) {
      await rm(join(folder, name), { recursive: true, force: true });
    }
    throw error;
  }
  return archive.key === null ? [] : [`secrets key written to ${join(folder, 'secrets.key')}`];
}

async function checkEmptyDatabase(db: Db): Promise<void> {
  const [row] = await db.query<{ n: number }>(
    sql`select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname = current_schema() and c.relkind in ('r', 'v', 'm', 'S', 'p')`,
  );
  if ((row?.n ?? 0) > 0) {
    throw new BackupRefusal(
      `The database at DATABASE_URL is not empty (${row?.n} tables, views or sequences): ` +
        'restore into a new, empty database.',
    );
  }
}

async function restorePostgres(archive: Archive, databaseUrl: string): Promise<string[]> {
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await checkEmptyDatabase(db);
    const folder = await mkdtemp(join(tmpdir(), 'mailpulse-restore-'));
    try {
      const file = join(folder, 'database.pgdump');
      await writeFile(file, archive.dump, { mode: 0o600 });
      const { dbname, env } = libpqTarget(databaseUrl);
      const flags = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
      await pgTool('pg_restore', [...flags, `--dbname=${dbname}`, file], env);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    return await recreateBiRoles(db);
  } finally {
    await db.close();
  }
}

/** The restored bi_roles rows, each role made again (roles are the cluster's, not the dump's). */
async function recreateBiRoles(db: Db): Promise<string[]> {
  const roles = await db.query<{ workspace_id: number; role_name: string }>(
    sql`select workspace_id, role_name from bi_roles order by workspace_id, role_name`,
  );
  const lines: string[] = [];
  for (const { workspace_id: workspaceId, role_name: role } of roles) {
    const made = await recreateBiRole(db, workspaceId, role);
    lines.push(
      made.password === null
        ? `workspace ${workspaceId}: BI role ${role} exists; its read rights granted again`
        : `workspace ${workspaceId}: BI role ${role} created; password\t${made.password}`,
    );
  }
  return lines;
}

/** Restores `from` into the configured, empty database; the lines to print. */
export async function restoreBackup(config: Config, from: string): Promise<string[]> {
  const archive = await readArchive(from);
  const { manifest } = archive;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupRefusal(
      `${from} is a backup of ${KIND_NAMES[manifest.database]}; restore it there, ` +
        `not into ${KIND_NAMES[kind]}.`,
    );
  }
  await checkLevel(from, manifest);
  chooseKey(from, archive, config);
  const lines = config.databaseUrl
    ? await restorePostgres(archive, config.databaseUrl)
    : await restorePglite(archive, config);
  return [
    `restored ${from} (${manifest.createdAt}, version ${manifest.version}) at migration ` +
      `${manifest.migration.name}`,
    ...lines,
  ];
}
