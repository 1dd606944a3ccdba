// The benches print the CPU time a shared machine's hypervisor took while they ran
// (scripts/machine-steal.ts): it reads /proc/stat, which this (Linux) machine has.
import { describe, expect, it } from 'vitest';
import { stealNote, withSteal } from '../../../scripts/machine-steal';

describe("the machine's steal", () => {
  it('gives the result of the run and a share of the CPU time between 0 and 100 %', async () => {
    const [result, steal] = await withSteal(async () => {
      const until = Date.now() + 50;
      while (Date.now() < until); // busy, so that the machine counts some CPU time
      return 'ran';
    });
    expect(result).toBe('ran');
    expect(steal).toBeGreaterThanOrEqual(0);
    expect(steal).toBeLessThanOrEqual(100);
    expect(stealNote(steal)).toMatch(/^; steal \d+\.\d % of the CPU time$/);
    expect(stealNote(undefined)).toBe('');
  });
});
