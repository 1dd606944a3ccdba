// The bodies of /healthz and /readyz, shared by the web process's routes and the worker's probe
// listener, so both processes answer alike.
import { sql } from '../db/sql';
import type { Db } from '../db/types';
import { HttpError } from '../http/errors';
import type { Readiness } from './readiness';
import { packageVersion } from './version';

/** Alive: the database answers at all. Throws a 503 HttpError otherwise. */
export async function health(db: Db) {
  try {
    await db.query(sql`select 1`);
  } catch {
    throw new HttpError(503, 'unavailable', 'The database does not answer.');
  }
  return { status: 'ok' as const, database: db.kind, version: packageVersion };
}

/** Throws a 503 HttpError naming the reason when not ready. */
export async function readiness(check: () => Promise<Readiness>) {
  const answer = await check();
  if (!answer.ready) throw new HttpError(503, 'not_ready', answer.reason);
  return { status: 'ready' as const };
}
