// What /readyz answers, on the web process and on `npm run worker`: the database answers within
// READY_TIMEOUT_MS (a dead database is told in about a second, not after a TCP timeout), every
// migration this build knows is applied, and, where this process runs the workers, each worker
// loop has beaten within its interval plus STALL_GRACE_MS.
import { listMigrations } from '../db/migrate';
import { sql } from '../db/sql';
import type { Db } from '../db/types';
import type { WorkerBeat } from '../workers/runner';

/** Below the 2 s in which /readyz must turn 503 once the database has gone away. */
export const READY_TIMEOUT_MS = 1_000;

/**
 * A run may legitimately outlast its interval (a first sync of a large mailbox); a loop is hung
 * only once it has not beaten for its interval plus this.
 */
export const STALL_GRACE_MS = 10 * 60_000;

export interface ReadinessSources {
  db: Db;
  /**
   * Absent: this process runs no workers. Present, it gives the loops' beats, or undefined while
   * the workers have not started yet.
   */
  workers?: () => readonly WorkerBeat[] | undefined;
  now?: () => Date;
  timeoutMs?: number;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

let known: Promise<number[]> | undefined;
/** The migration files are fixed for the life of the process: read them once. */
const knownVersions = () =>
  (known ??= listMigrations().then((all) => all.map((migration) => migration.version)));

class Timeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  // The query may still settle after the timeout: its outcome no longer matters.
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

async function appliedVersions(db: Db, timeoutMs: number): Promise<number[] | string> {
  try {
    const rows = await withTimeout(
      db.query<{ version: number }>(sql`select version from schema_migrations`),
      timeoutMs,
    );
    return rows.map((row) => row.version);
  } catch (error) {
    return error instanceof Timeout
      ? `The database did not answer within ${timeoutMs} ms.`
      : 'The database does not answer.';
  }
}

function stalledWorker(beats: readonly WorkerBeat[], now: Date): string | undefined {
  const stalled = beats.find(
    (beat) => now.getTime() - beat.lastBeat.getTime() > beat.intervalMs + STALL_GRACE_MS,
  );
  return (
    stalled && `The ${stalled.name} worker has not run since ${stalled.lastBeat.toISOString()}.`
  );
}

export async function checkReadiness({
  db,
  workers,
  now = () => new Date(),
  timeoutMs = READY_TIMEOUT_MS,
}: ReadinessSources): Promise<Readiness> {
  const applied = await appliedVersions(db, timeoutMs);
  if (typeof applied === 'string') return { ready: false, reason: applied };
  const missing = (await knownVersions()).filter((version) => !applied.includes(version));
  if (missing.length > 0) {
    return { ready: false, reason: `Migrations not applied: ${missing.join(', ')}.` };
  }
  if (workers) {
    const beats = workers();
    if (!beats) return { ready: false, reason: 'The background workers have not started.' };
    const stalled = stalledWorker(beats, now());
    if (stalled) return { ready: false, reason: stalled };
  }
  return { ready: true };
}
