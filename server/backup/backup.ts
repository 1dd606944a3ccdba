import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config';
import { appliedMigrations } from '../db/migrate';
import { sql } from '../db/sql';
import type { Db, Queryable } from '../db/types';
import { packageVersion } from '../health/version';
import { BackupRefusal, newManifest, writeArchive, type Manifest } from './archive';

// `backup --out FILE`: the database and the secrets key in one archive while the server runs.
// PGlite: its data folder as PGlite sees it, between two statements, by the process holding it
// (the CLI hands the command to a running server). PostgreSQL: pg_dump, a consistent snapshot.

const run = promisify(execFile);

async function pgliteDump(db: Db): Promise<Buffer> {
  if (!db.dumpDataDir) throw new Error('this database cannot dump its data folder');
  return db.dumpDataDir();
}

/** libpq's settings for a URL, the password in the environment rather than on a command line. */
export function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** Runs a PostgreSQL client tool; a missing one is refused with what to install. */
export async function pgTool(tool: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') {
      throw new BackupRefusal(
        `${tool} was not found on PATH: install the PostgreSQL client tools, ` +
          'of the server version or later.',
      );
    }
    throw new Error(`${tool} failed: ${(stderr ?? String(error)).trim()}`);
  }
}

async function postgresDump(databaseUrl: string): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'mailpulse-backup-'));
  try {
    const file = join(folder, 'database.pgdump');
    const { dbname, env } = libpqTarget(databaseUrl);
    // Roles and grants are the cluster's: the BI roles are named in the manifest instead.
    const flags = ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`];
    await pgTool('pg_dump', [...flags, `--dbname=${dbname}`], env);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** SECRETS_KEY, or on the embedded database its key file; null when there is none yet. */
async function secretsKeyText(config: Config): Promise<string | null> {
  if (config.mailSync.secretsKey !== undefined) return config.mailSync.secretsKey;
  if (config.databaseUrl) return null;
  return readFile(join(config.dataDir, 'secrets.key'), 'utf8').catch(() => null);
}

async function manifestFields(
  db: Queryable,
): Promise<Omit<Manifest, 'format' | 'product' | 'createdAt' | 'database' | 'dump'>> {
  const last = (await appliedMigrations(db)).at(-1);
  if (!last) throw new BackupRefusal('The database has no migration applied: nothing to back up.');
  const biRoles = await db.query<{ workspaceId: number; role: string }>(
    sql`select workspace_id as "workspaceId", role_name as role from bi_roles
         order by workspace_id, role_name`,
  );
  const [sealed] = await db.query<{ key_check: string }>(
    sql`select split_part(secret, '.', 2) as key_check from mail_accounts
         where secret is not null limit 1`,
  );
  return {
    version: packageVersion,
    migration: { version: last.version, name: last.name },
    biRoles,
    keyCheck: sealed?.key_check ?? null,
  };
}

/** Writes the archive to `out` (absolute), refusing to replace a file; the lines to print. */
export async function createBackup(
  db: Db,
  config: Config,
  out: string,
  now = new Date(),
): Promise<string[]> {
  if (
    await stat(out).then(
      () => true,
      () => false,
    )
  ) {
    throw new BackupRefusal(`--out ${out} exists: name a new file.`);
  }
  const fields = await manifestFields(db);
  const kind = db.kind;
  const dump =
    kind === 'pglite' ? await pgliteDump(db) : await postgresDump(config.databaseUrl ?? '');
  const key = await secretsKeyText(config);
  const manifest = newManifest(
    { ...fields, database: kind, dump: kind === 'pglite' ? 'pgdata.tar' : 'database.pgdump' },
    now,
  );
  await writeArchive(out, { manifest, dump, key });
  return [
    `backup written to ${out}: ${kind === 'pglite' ? 'embedded database' : 'PostgreSQL'} at ` +
      `migration ${fields.migration.name}, ${fields.biRoles.length} BI roles, ` +
      `secrets key ${key === null ? 'not included (none set)' : 'included'}`,
    ...(key === null ? [] : ['It holds the secrets key in clear: keep it as safe as the key.']),
  ];
}
