// A Db wrapped for one request (the audit recorder's, whose transactions also write the entry)
// is a new object each time; what is kept per database (forwarders to wake, shared reads) is
// keyed by the database it wraps, which the wrapper answers under this key.

export const UNDERLYING_DB = Symbol('underlying database');

/** The database `db` wraps, or `db` itself. */
export function dbIdentity<T extends object>(db: T): T {
  return (db as { [UNDERLYING_DB]?: T })[UNDERLYING_DB] ?? db;
}
