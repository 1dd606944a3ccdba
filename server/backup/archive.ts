import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import { fileEntry, joinTar, readTar } from './tar';

// A backup is one file: a gzipped tar holding manifest.json (what it is), the database dump and,
// when known, the secrets key in clear, so the file is to be kept like the key itself.

const FORMAT = 1;
const zip = promisify(gzip);
const unzip = promisify(gunzip);
const MANIFEST = 'manifest.json';
const KEY = 'secrets.key';

/** What the archive holds, read before anything is restored. */
export interface Manifest {
  format: typeof FORMAT;
  product: 'mailpulse';
  /** The package version of the build that wrote it. */
  version: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The dump's file in the archive: PGlite's data folder as a tar, or pg_dump's custom format. */
  dump: 'pgdata.tar' | 'database.pgdump';
  /** The last migration applied to the database backed up. */
  migration: { version: number; name: string };
  /** The BI login roles (bi:role): cluster-wide, so not in the dump; recreated by a restore. */
  biRoles: { workspaceId: number; role: string }[];
  /** The key check of the sealed mail credentials (null when none is stored). */
  keyCheck: string | null;
}

export interface Archive {
  manifest: Manifest;
  dump: Buffer;
  /** The secrets key as written in the key file or SECRETS_KEY, or null when not included. */
  key: string | null;
}

/** A backup or a restore the operator must change something for; nothing was changed. */
export class BackupRefusal extends Error {
  override readonly name = 'BackupRefusal';
}

export const newManifest = (
  fields: Omit<Manifest, 'format' | 'product' | 'createdAt'>,
  now: Date,
): Manifest => ({ format: FORMAT, product: 'mailpulse', createdAt: now.toISOString(), ...fields });

/**
 * Writes the archive with mode 0600 (it holds the key), under a temporary name first, so a
 * stopped backup never leaves a partial file under the name asked for.
 */
export async function writeArchive(path: string, archive: Archive): Promise<void> {
  const entries = [
    fileEntry(MANIFEST, Buffer.from(`${JSON.stringify(archive.manifest, null, 2)}\n`)),
    fileEntry(archive.manifest.dump, archive.dump),
    ...(archive.key === null ? [] : [fileEntry(KEY, Buffer.from(`${archive.key.trim()}\n`))]),
  ];
  const partial = `${path}.partial`;
  try {
    // Off the event loop (a running server writes it), and fast: most of a data folder is zeros.
    const data = await zip(joinTar(entries), { level: constants.Z_BEST_SPEED });
    await writeFile(partial, data, { mode: 0o600 });
    await chmod(partial, 0o600);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

function isManifest(value: unknown): value is Manifest {
  const m = value as Partial<Manifest> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === FORMAT &&
    m.product === 'mailpulse' &&
    (m.database === 'pglite' || m.database === 'postgres') &&
    (m.dump === 'pgdata.tar' || m.dump === 'database.pgdump') &&
    typeof m.migration?.version === 'number' &&
    typeof m.migration.name === 'string' &&
    (m.keyCheck === null || typeof m.keyCheck === 'string') &&
    Array.isArray(m.biRoles)
  );
}

/** Reads and checks an archive; a file that is not one is refused with a sentence. */
export async function readArchive(path: string): Promise<Archive> {
  const notOne = (why: string) => new BackupRefusal(`${path} is not a Mailpulse backup: ${why}.`);
  const file = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefusal(
      `--from ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
    );
  });
  let entries;
  try {
    entries = readTar(await unzip(file));
  } catch {
    throw notOne('it is not a gzipped tar');
  }
  const named = (name: string) => entries.find((entry) => entry.name === name)?.data;
  let manifest: unknown;
  try {
    manifest = JSON.parse(named(MANIFEST)?.toString('utf8') ?? 'null');
  } catch {
    throw notOne('its manifest.json is not JSON');
  }
  const format = (manifest as { format?: unknown } | null)?.format;
  if (format !== undefined && format !== FORMAT) {
    throw new BackupRefusal(
      `${path} is a backup of format ${JSON.stringify(format)}; this build reads format ${FORMAT}.`,
    );
  }
  if (!isManifest(manifest)) throw notOne('it has no manifest.json of this product');
  const dump = named(manifest.dump);
  if (!dump) throw notOne(`it lacks ${manifest.dump}`);
  const key = named(KEY)?.toString('utf8').trim() ?? null;
  return { manifest, dump, key };
}
