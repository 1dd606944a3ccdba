import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// PGlite is one process per data folder: a second process on the same folder loses its writes
// and can leave a folder that no longer opens after a kill. The folder's lock file holds the
// holder's pid; it is created with link(2), which fails when the name exists, so of two
// processes starting together exactly one gets it.

const LOCK_FILE = 'mailpulse.lock';

/** The folder is held by another live process. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data folder ${dataDir} is in use by process ${pid}.`);
  }
}

interface DataDirLock {
  release(): void;
}

/** Folders this process holds, so a second opening in the same process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  // Our own pid in a folder we do not hold is a lock left by an earlier process that had the
  // same pid (a restarted container); 0 is not a pid we ever write.
  if (pid === process.pid || pid === 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function errnoIs(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException).code === code;
}

/** link(2) our pid file to the lock name; false when the name is taken. */
function tryLink(tmp: string, lock: string): boolean {
  try {
    linkSync(tmp, lock);
    return true;
  } catch (error) {
    if (errnoIs(error, 'EEXIST')) return false;
    throw error;
  }
}

/**
 * Moves a stale lock aside by rename (atomic), then checks that what was moved is the stale
 * lock it read: if a racing process took the folder over in between, its lock goes back.
 */
function removeStale(lock: string, stalePid: number): void {
  const aside = `${lock}.stale-${process.pid}`;
  try {
    renameSync(lock, aside);
  } catch (error) {
    if (errnoIs(error, 'ENOENT')) return;
    throw error;
  }
  const moved = readPid(aside);
  if (moved !== stalePid && moved !== null && isAlive(moved)) tryLink(aside, lock);
  unlinkSync(aside);
}

/** Takes the folder's lock or throws DataDirLockedError naming the live holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const lock = join(folder, LOCK_FILE);
  if (held.has(lock)) throw new DataDirLockedError(folder, process.pid);
  const tmp = `${lock}.${process.pid}`;
  writeFileSync(tmp, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (tryLink(tmp, lock)) {
        held.add(lock);
        return { release: () => release(lock) };
      }
      const holder = readPid(lock);
      if (holder === null) continue;
      if (isAlive(holder)) throw new DataDirLockedError(folder, holder);
      removeStale(lock, holder);
    }
    throw new Error(`Could not take the lock ${lock}: it keeps changing hands.`);
  } finally {
    unlinkSync(tmp);
  }
}

/** Removes the lock only while it is still ours. */
function release(lock: string): void {
  if (!held.delete(lock)) return;
  if (readPid(lock) !== process.pid) return;
  try {
    unlinkSync(lock);
  } catch (error) {
    if (!errnoIs(error, 'ENOENT')) throw error;
  }
}
