import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from './sql';
import type { Tx } from './types';

// Remembers, per async context, that a transaction callback is running, so a call on the Db
// itself from inside it fails loudly. On PGlite (one connection behind a lock) such a call would
// wait for the transaction that waits for it; both drivers refuse it so tests catch it anywhere.

interface Scope {
  open: boolean;
}

export class TxScope {
  readonly #storage = new AsyncLocalStorage<Scope>();

  /** Runs fn marked as inside a transaction; work it schedules is unmarked once fn settles. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const scope: Scope = { open: true };
    try {
      return await this.#storage.run(scope, fn);
    } finally {
      scope.open = false;
    }
  }

  assertOutside(operation: string): void {
    if (this.#storage.getStore()?.open) {
      throw new Error(`db.${operation}() called inside a transaction: use the tx it was given`);
    }
  }
}

type Send = <R extends object>(sql: Sql | string, params?: readonly unknown[]) => Promise<R[]>;

/**
 * The Tx a driver hands a transaction's callback, over its one connection. Once `end()` is called
 * it refuses every call: a leaked tx must not run inside whatever holds the connection next.
 */
export function endableTx(send: Send): { tx: Tx; end: () => void } {
  let open = true;
  const assertOpen = () => {
    if (!open) throw new Error('Transaction is closed');
  };
  const tx: Tx = {
    __tx: true,
    query: async <R extends object>(sql: Sql | string, params?: readonly unknown[]) => {
      assertOpen();
      return send<R>(sql, params);
    },
    runScript: async (text: string) => {
      assertOpen();
      await send(text);
    },
  };
  return { tx, end: () => (open = false) };
}
