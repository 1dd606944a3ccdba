import type { Queryable } from './types';
import { sql } from './sql';

// Large read-only replies (the 5,000-user list) reused while the database has not changed.
// The key is the transaction snapshot, `xmin:xmax:in-progress xids`: it changes when any
// transaction takes a transaction id (every write does) and when one commits or aborts, and
// read-only work leaves it alone. It is read before the value is computed, so a value is never
// older than its key; a write between the two only makes the next request compute again. This
// holds across processes on PostgreSQL and for the CLI's writes, which run in this process on
// PGlite. Concurrent requests with the same key share one computation.

const MAX_ENTRIES = 64;

interface Entry<V> {
  snapshot: string;
  value: Promise<V>;
}

export class SnapshotCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();

  async get(db: Queryable, key: K, compute: () => Promise<V>): Promise<V> {
    const [row] = await db.query<{ snapshot: string }>(
      sql`select pg_current_snapshot()::text as snapshot`,
    );
    const snapshot = row?.snapshot ?? '';
    const cached = this.#entries.get(key);
    if (cached?.snapshot === snapshot) return cached.value;
    const value = compute();
    this.#entries.delete(key);
    this.#entries.set(key, { snapshot, value });
    // Oldest first in a Map: drop the least recently computed workspace.
    if (this.#entries.size > MAX_ENTRIES)
      this.#entries.delete(this.#entries.keys().next().value as K);
    // A failed computation is not kept.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }
}
