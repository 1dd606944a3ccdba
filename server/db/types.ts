// The query layer shared by the PGlite and PostgreSQL drivers. Both return the same JS values:
// date → 'YYYY-MM-DD', timestamp/timestamptz → ISO-8601 UTC string, int8/numeric → number,
// json/jsonb parsed, arrays parsed. Pass json/jsonb parameters as JSON.stringify(value): the pg
// driver would send a JS array as a PostgreSQL array literal.

import { compileSql, isSql, type Sql } from './sql';

export interface Queryable {
  /** Runs one statement built with the `sql` tag (server/db/sql.ts). */
  query<R extends object>(statement: Sql): Promise<R[]>;
  /**
   * Runs one statement with $1… parameters. Without parameters the text goes over the simple
   * protocol on both drivers, so it may hold several statements; the last one's rows come back.
   * @deprecated Pass a statement built with the `sql` tag. This form stays only until server/mail
   * and the tests are on the tag (lint refuses it in the rest of server/).
   */
  query<R extends object>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /**
   * Runs SQL text that cannot be a statement with bound values: a migration file of several
   * statements, or DDL that PostgreSQL's format() built (DDL takes no parameters). The text goes
   * over the simple protocol and nothing comes back. Never text with a value spliced in by us.
   */
  runScript(text: string): Promise<void>;
}

/** A connection inside an open transaction; only obtainable inside Db.transaction(). */
export interface Tx extends Queryable {
  readonly __tx: true;
}

type DbKind = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly kind: DbKind;
  /**
   * Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws. Calling the
   * Db itself (query or transaction) from inside fn throws: on PGlite it would deadlock.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: an uncompressed tar of the data folder's database files (server/backup/
   * data-folder-tar.ts), taken between two statements.
   */
  dumpDataDir?(): Promise<Buffer>;
  /** PostgreSQL only: the connection pool's connections, idle ones, and callers waiting for one. */
  poolUse?(): { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** When set, PostgreSQL at this URL is used; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  /** A folder path or 'memory://'. */
  dataDir: string;
}

const CONSTRAINT_CODES = {
  '23503': 'foreign_key_violation',
  '23505': 'unique_violation',
  '23514': 'check_violation',
} as const;

type ConstraintCode = keyof typeof CONSTRAINT_CODES;

/** A unique, check or foreign-key violation; route handlers turn it into 400/409. */
export class DbConstraintError extends Error {
  override readonly name = 'DbConstraintError';

  constructor(
    readonly code: ConstraintCode,
    /** Name of the violated constraint or unique index, e.g. 'users_email_key'. */
    readonly constraint: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function isConstraintCode(code: unknown): code is ConstraintCode {
  return typeof code === 'string' && Object.hasOwn(CONSTRAINT_CODES, code);
}

/** Both drivers put the SQLSTATE in `code` and the constraint name in `constraint`. */
export function toDbError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  if (!isConstraintCode(code)) return error;
  const name = typeof constraint === 'string' ? constraint : '';
  return new DbConstraintError(code, name, `${CONSTRAINT_CODES[code]}: ${error.message}`, {
    cause: error,
  });
}

/** The text and parameters a driver sends for either form of `Queryable.query`. */
export function statementOf(
  statement: Sql | string,
  params: readonly unknown[] | undefined,
): { text: string; values: readonly unknown[] | undefined; name?: string } {
  if (!isSql(statement)) return { text: statement, values: params };
  return compileSql(statement);
}
