import { AsyncLocalStorage } from 'node:async_hooks';

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
