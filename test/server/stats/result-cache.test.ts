import { describe, expect, it } from 'vitest';
import { StatsResultCache } from '../../../server/stats/result-cache';

describe('the statistics result cache', () => {
  it('shares one computation between identical requests, per stamp and query', async () => {
    const cache = new StatsResultCache();
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    const same = await Promise.all([
      cache.get(1, 'g1:v1', { op: 'summary' }, compute),
      cache.get(1, 'g1:v1', { op: 'summary' }, compute),
    ]);
    expect(same).toEqual([{ n: 1 }, { n: 1 }]);
    expect(await cache.get(1, 'g1:v1', { op: 'heatmap' }, compute)).toEqual({ n: 2 });
    expect(await cache.get(2, 'g1:v1', { op: 'summary' }, compute)).toEqual({ n: 3 });
    expect(await cache.get(1, 'g1:v2', { op: 'summary' }, compute)).toEqual({ n: 4 });
  });

  it('keeps no failure: the next request computes again', async () => {
    const cache = new StatsResultCache();
    const failed = cache.get(1, 'g1:v1', {}, () => Promise.reject(new Error('busy')));
    await expect(failed).rejects.toThrow('busy');
    expect(await cache.get(1, 'g1:v1', {}, () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it("forgets a workspace's entries under older stamps once a newer one is seen", async () => {
    const cache = new StatsResultCache();
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    await cache.get(1, 'g1:v5', {}, compute);
    await cache.get(1, 'g2:v3', {}, compute);
    // A request that read the older stamp before the swap computes again rather than reuse.
    expect(await cache.get(1, 'g1:v5', {}, compute)).toBe(3);
  });

  it('when full, drops the entry read least recently, not the one stored first', async () => {
    const cache = new StatsResultCache();
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    for (let page = 1; page <= 512; page += 1) await cache.get(1, 'g1:v1', { page }, compute);
    expect(await cache.get(1, 'g1:v1', { page: 1 }, compute)).toBe(1);
    await cache.get(1, 'g1:v1', { page: 513 }, compute);
    expect(await cache.get(1, 'g1:v1', { page: 1 }, compute)).toBe(1);
    expect(await cache.get(1, 'g1:v1', { page: 2 }, compute)).toBe(514);
  });
});
