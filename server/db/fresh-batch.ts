// Reads that many concurrent requests each need, done together: every key asked for while no read
// runs goes into the next read, one statement for all of them. A key asked for while a read runs
// waits for the one after it, so no request is answered from a read that began before it arrived:
// a revoked token, a new grant or a synced message counts as at once as without the batch.
// Under load the reads go round back to back, each answering everything asked meanwhile; alone,
// a request waits one turn of the event loop for company (setImmediate, after pending I/O).

import { dbIdentity } from './identity';
import type { Queryable } from './types';

interface Waiting<K, V> {
  key: K;
  settle: { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[];
}

export class FreshBatch<K, V> {
  #waiting = new Map<string, Waiting<K, V>>();
  #reading = false;

  constructor(
    /** One read for many keys; a key it leaves out has no value. */
    private readonly read: (keys: K[]) => Promise<Map<string, V>>,
    /** The map key of a key: equal keys share one entry of the read. */
    private readonly idOf: (key: K) => string,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const id = this.idOf(key);
      const waiting = this.#waiting.get(id) ?? { key, settle: [] };
      waiting.settle.push({ resolve, reject });
      this.#waiting.set(id, waiting);
      if (!this.#reading) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#reading = true;
    try {
      while (this.#waiting.size > 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = [...this.#waiting.values()];
        // A new Map, not clear(): a cleared Map's old table keeps a link to its successor, so
        // once an old one is promoted, every later batch (its callers, their requests) survives
        // each young-generation collection until a full one. Under load that was most of the copying.
        this.#waiting = new Map();
        try {
          const values = await this.read(batch.map((waiting) => waiting.key));
          for (const waiting of batch) {
            const value = values.get(this.idOf(waiting.key));
            for (const { resolve } of waiting.settle) resolve(value);
          }
        } catch (error) {
          for (const waiting of batch) for (const { reject } of waiting.settle) reject(error);
        }
      }
    } finally {
      this.#reading = false;
    }
  }
}

/**
 * One batch per database, made on first use: `shared(db).load(key)`. `read` gets the database and
 * the keys of one batch.
 */
export function sharedReads<K, V>(
  read: (db: Queryable, keys: K[]) => Promise<Map<string, V>>,
  idOf: (key: K) => string,
): (db: Queryable) => FreshBatch<K, V> {
  const batches = new WeakMap<Queryable, FreshBatch<K, V>>();
  return (given) => {
    const db = dbIdentity(given);
    let batch = batches.get(db);
    if (!batch) {
      batch = new FreshBatch((keys) => read(db, keys), idOf);
      batches.set(db, batch);
    }
    return batch;
  };
}

/** A batch read of one statement per distinct key, run together. */
export function eachKey<K, V>(
  readOne: (db: Queryable, key: K) => Promise<V>,
  idOf: (key: K) => string,
): (db: Queryable, keys: K[]) => Promise<Map<string, V>> {
  return async (db, keys) =>
    new Map(
      await Promise.all(keys.map(async (key) => [idOf(key), await readOne(db, key)] as const)),
    );
}
