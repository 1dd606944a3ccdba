import { describe, expect, it } from 'vitest';
import { defaultDeps } from '../../../server/mail/cloud-http';
import { QuotaPacer } from '../../../server/mail/google/quota';

// The Gmail sync's pacing: a token bucket under the per-user quota, on a clock the test moves.

function pacer(quota = 15_000) {
  const clock = { now: 0, waits: [] as number[] };
  const paced = new QuotaPacer(quota, {
    ...defaultDeps,
    now: () => new Date(clock.now),
    sleep: async (ms) => {
      clock.waits.push(ms);
      clock.now += ms;
    },
  });
  const signal = new AbortController().signal;
  const spent: { at: number; units: number }[] = [];
  const take = async (units: number) => {
    await paced.take(units, signal);
    spent.push({ at: clock.now, units });
  };
  return { clock, paced, spent, take };
}

/** The most units spent within any minute. */
const busiestMinute = (spent: { at: number; units: number }[]) =>
  Math.max(
    ...spent.map((start) =>
      spent
        .filter((s) => s.at >= start.at && s.at < start.at + 60_000)
        .reduce((sum, s) => sum + s.units, 0),
    ),
  );

describe('Gmail quota pacing', () => {
  it('spends at most 95% of the quota in any minute, and takes about 1/0.92 of the floor', async () => {
    // 400 batches of 50 gets: 100,000 units, whose floor at 15,000 a minute is 400 s.
    const { clock, spent, take } = pacer();
    for (let i = 0; i < 400; i += 1) await take(250);
    expect(busiestMinute(spent)).toBeLessThanOrEqual(15_000 * 0.95);
    expect(clock.now / 1000).toBeGreaterThan(400);
    expect(clock.now / 1000).toBeLessThan((400 / 0.92) * 1.001);
  });

  it('lets a small sync through at once', async () => {
    const { clock, take } = pacer();
    await take(1);
    await take(250);
    expect(clock.waits).toEqual([]);
  });

  it('starts from an empty bucket after Google said the quota is spent', async () => {
    const { clock, paced, take } = pacer();
    await take(5);
    paced.drain();
    // 230 units at 92% of 15,000 a minute: one second.
    await take(230);
    expect(clock.waits).toEqual([1000]);
  });
});
