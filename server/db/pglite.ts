import { PGlite, type Transaction } from '@electric-sql/pglite';
import { statementOf, toDbError, type Db, type Tx } from './types';
import type { Sql } from './sql';
import { SCALAR_PARSERS } from './values';
import { TxScope } from './tx-scope';
import { lockDataDir } from './data-dir-lock';
import { voidEarlierLeases } from './earlier-leases';

// PGlite is one connection: its query() and transaction() share one lock, and transaction()
// holds it from BEGIN to COMMIT, so concurrent transactions run one after another.
//
// PGlite runs each statement synchronously in WebAssembly and settles its promises as microtasks,
// so a chain of statements (a rebuild's steps, one request's queries) never lets the event loop
// reach its I/O: requests that arrived meanwhile were not even read until the chain ended, and
// whichever chain was running went on ahead of them. Each call here first yields one turn of the
// event loop (setImmediate runs after pending I/O), so waiting requests are read and take their
// place in the lock's queue, which is first come, first served.
// Array types need no parsers here: PGlite builds them from the element type's parser.

async function run<R extends object>(
  target: PGlite | Transaction,
  statement: Sql | string,
  parameters: readonly unknown[] | undefined,
): Promise<R[]> {
  const { text: sql, values: params } = statementOf(statement, parameters);
  try {
    if (!params || params.length === 0) {
      // Simple protocol, like pg without parameters: a migration file may hold many statements.
      const results = await target.exec(sql);
      return (results.at(-1)?.rows ?? []) as R[];
    }
    const result = await target.query<R>(sql, [...params]);
    return result.rows;
  } catch (error) {
    throw toDbError(error);
  }
}

/** Lets the event loop handle pending I/O before the caller queues for the connection. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Opens PGlite in dataDir, holding the folder's lock (DataDirLockedError when another has it). */
export async function openPglite(dataDir: string): Promise<Db> {
  const lock = dataDir.startsWith('memory://') ? null : lockDataDir(dataDir);
  let pglite: PGlite;
  try {
    pglite = new PGlite(dataDir, { parsers: { ...SCALAR_PARSERS } });
    await pglite.waitReady;
    // The lock is ours: no process of before is alive to hold a lease.
    if (lock) await voidEarlierLeases({ query: (statement) => run(pglite, statement, undefined) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const scope = new TxScope();
  return {
    kind: 'pglite',
    async query<R extends object>(sql: Sql | string, params?: readonly unknown[]): Promise<R[]> {
      scope.assertOutside('query');
      await turn();
      return run<R>(pglite, sql, params);
    },
    async runScript(text: string): Promise<void> {
      scope.assertOutside('runScript');
      await run(pglite, text, undefined);
    },
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      scope.assertOutside('transaction');
      await turn();
      return pglite.transaction((transaction) => {
        const tx: Tx = {
          __tx: true,
          query: <R extends object>(sql: Sql | string, params?: readonly unknown[]) =>
            run<R>(transaction, sql, params),
          runScript: async (text: string) => {
            await run(transaction, text, undefined);
          },
        };
        return scope.run(() => fn(tx));
      });
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
