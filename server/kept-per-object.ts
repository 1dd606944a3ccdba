// Values worked out once per object and kept as long as the object is (a WeakMap): a cached
// reply's gzip, the ids of a shared list of mailboxes.

/** `compute`, worked out once per key object and kept while the key lives. */
export function keptPerObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute(key);
    kept.set(key, value);
    return value;
  };
}
