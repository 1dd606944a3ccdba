// Statistics replies reused while nothing they depend on has changed. A key names the workspace,
// its stamp (the current generation and the sum of its data versions, read by the request before
// it looks here; data-version.ts), the mailboxes and contact groups the caller's filters resolved
// to, and the query. Identical concurrent requests share one computation (single flight).
//
// Never stale: a stamp is read after the request arrived, so an entry under it was computed from
// data at least as new as the request; a computation started before the stamp was read ran on the
// same data, since stamps only grow and any change that matters bumps them in its own commit.
// A failed computation is not kept. Each app has its own cache (tests run many databases).

const MAX_ENTRIES = 512;

interface Entry {
  workspaceId: number;
  stamp: string;
  value: Promise<unknown>;
  /** When it was last read, on the cache's own clock: the least recently read goes first. */
  read: number;
}

export class StatsResultCache {
  readonly #entries = new Map<string, Entry>();
  /** The newest stamp seen per workspace: entries under older ones can never be read again. */
  readonly #stamps = new Map<number, string>();
  #clock = 0;

  get<T>(workspaceId: number, stamp: string, query: object, compute: () => Promise<T>): Promise<T> {
    this.#forgetOlder(workspaceId, stamp);
    const key = `${workspaceId}|${stamp}|${JSON.stringify(query)}`;
    const cached = this.#entries.get(key);
    this.#clock += 1;
    if (cached) {
      // A hit only marks the entry: moving it to the Map's end made the Map grow and rehash
      // on every hit under load, garbage that lived long enough to be promoted.
      cached.read = this.#clock;
      return cached.value as Promise<T>;
    }
    const value = compute();
    this.#entries.set(key, { workspaceId, stamp, value, read: this.#clock });
    if (this.#entries.size > MAX_ENTRIES) this.#dropLeastRecentlyRead();
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  #dropLeastRecentlyRead() {
    let oldest: [string, Entry] | undefined;
    for (const item of this.#entries) if (!oldest || item[1].read < oldest[1].read) oldest = item;
    if (oldest) this.#entries.delete(oldest[0]);
  }

  #forgetOlder(workspaceId: number, stamp: string) {
    if (this.#stamps.get(workspaceId) === stamp) return;
    const known = this.#stamps.get(workspaceId);
    if (known !== undefined && !isNewer(stamp, known)) return;
    this.#stamps.set(workspaceId, stamp);
    for (const [key, entry] of this.#entries) {
      if (entry.workspaceId === workspaceId && entry.stamp !== stamp) this.#entries.delete(key);
    }
  }
}

const parts = (stamp: string) => stamp.split(':').map((part) => Number(part.slice(1)));

/** Whether stamp a comes after stamp b: a later generation, or the same with more changes. */
function isNewer(a: string, b: string): boolean {
  const [genA = 0, versionA = 0] = parts(a);
  const [genB = 0, versionB = 0] = parts(b);
  return genA > genB || (genA === genB && versionA > versionB);
}
