import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FreshBatch } from '../../../server/db/fresh-batch';

/** A batch over a store whose reads the test releases one at a time. */
function gatedStore(store: Map<string, number>) {
  const reads: string[][] = [];
  const gates: (() => void)[] = [];
  const batch = new FreshBatch<string, number>(
    async (keys) => {
      reads.push(keys);
      // Like a statement, the read sees the store as it was when it began.
      const found = new Map(
        keys.flatMap((key) => (store.has(key) ? [[key, store.get(key)!]] : [])),
      );
      await new Promise<void>((open) => gates.push(open));
      return found;
    },
    (key) => key,
  );
  const releaseRead = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { batch, reads, releaseRead };
}

describe('reads shared by concurrent requests', () => {
  it('reads every key asked for together once, equal keys once', async () => {
    const { batch, reads, releaseRead } = gatedStore(new Map([['a', 1]]));
    const replies = Promise.all([batch.load('a'), batch.load('b'), batch.load('a')]);
    await releaseRead();
    expect(await replies).toEqual([1, undefined, 1]);
    expect(reads).toEqual([['a', 'b']]);
  });

  it('answers a key asked for during a read from the next read, never from the running one', async () => {
    const store = new Map([['token', 1]]);
    const { batch, reads, releaseRead } = gatedStore(store);
    const early = batch.load('token');
    while (reads.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // The token is revoked while the first read runs; a request arriving now must see that.
    store.delete('token');
    const late = batch.load('token');
    await releaseRead();
    await releaseRead();
    expect(await early).toBe(1);
    expect(await late).toBeUndefined();
    expect(reads).toEqual([['token'], ['token']]);
  });

  it('rejects the waiting requests of a read that failed, and reads again for the next', async () => {
    let fail = true;
    const batch = new FreshBatch<string, string>(
      (keys) =>
        fail ? Promise.reject(new Error('gone')) : Promise.resolve(new Map([[keys[0]!, 'ok']])),
      (key) => key,
    );
    await expect(Promise.all([batch.load('x'), batch.load('x')])).rejects.toThrow('gone');
    fail = false;
    expect(await batch.load('x')).toBe('ok');
  });

  // Under load a batch object lives long enough to reach the old generation, while its callers
  // are young. A young-generation collection must be able to free each finished batch's callers;
  // if they survive, every request is copied and promoted, and the pauses grow with the load.
  it('keeps nothing of a finished batch alive for the young-generation collector', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;
    const batch = new FreshBatch<{ id: string; payload: number[] }, number>(
      (keys) => Promise.resolve(new Map(keys.map((key) => [key.id, key.payload.length]))),
      (key) => key.id,
    );
    gc({ type: 'major' });
    gc({ type: 'major' });
    const before = process.memoryUsage().heapUsed;
    for (let round = 0; round < 20; round++) {
      // 400 kB a caller: 8 MB in all, far above what the test's own bookkeeping allocates.
      const caller = { id: `request ${round}`, payload: new Array<number>(50_000).fill(round) };
      expect(await batch.load(caller)).toBe(50_000);
    }
    await new Promise((resolve) => setImmediate(resolve));
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    // What stays is about 1.2 MB: the first caller (written into the old map, it waits for a full
    // collection) and the test's own bookkeeping. With Map.clear() all twenty stayed (8 MB).
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4_000_000);
  });
});
