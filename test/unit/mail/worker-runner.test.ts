import { describe, expect, it } from 'vitest';
import { startRunner, type Clock } from '../../../server/workers/runner';

// A clock whose time moves only when a run says so, recording each pause the runner asks for.
function manualClock() {
  let now = Date.parse('2026-03-02T09:00:00Z');
  const pauses: number[] = [];
  const wakes: Array<() => void> = [];
  const clock: Clock = {
    now: () => new Date(now),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        pauses.push(ms);
        now += ms;
        wakes.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      }),
  };
  const advance = (ms: number) => (now += ms);
  const wake = async () => {
    await expect.poll(() => wakes.length).toBeGreaterThan(0);
    wakes.shift()!();
  };
  return { clock, pauses, advance, wake };
}

describe('worker runner', () => {
  it('starts each run one interval after the last one started, however long it took', async () => {
    const { clock, pauses, advance, wake } = manualClock();
    const durations = [3_000, 59_000, 75_000, 0];
    const runner = startRunner(
      [{ name: 'alerts', intervalMs: 60_000, run: async () => void advance(durations.shift()!) }],
      { clock },
    );
    await wake();
    await wake();
    await wake();
    await expect.poll(() => pauses.length).toBe(4);
    await runner.stop();
    // 60 s minus each run's own time; a run longer than the interval is followed at once.
    expect(pauses).toEqual([57_000, 1_000, 0, 60_000]);
  });
});
