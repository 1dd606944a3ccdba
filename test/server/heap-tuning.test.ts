import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The server, the worker and the bench's app import server/heap-tuning.ts first. Under fifty
// connections V8's pretenuring moved a request's millisecond-lived objects straight to the old
// generation, and the full collections that followed paused every request in flight.

const probe = new URL('./support/pretenure-probe.ts', import.meta.url).pathname;

async function oldGenerationGrowth(mode: 'default' | 'tuned'): Promise<number> {
  const flags = ['--expose-gc', '--min-semi-space-size=1', '--max-semi-space-size=1'];
  const { stdout } = await promisify(execFile)(process.execPath, [
    ...flags,
    '--import',
    'tsx',
    probe,
    mode,
  ]);
  return (JSON.parse(stdout) as { grewBytes: number }).grewBytes;
}

describe('the heap tuning of the server processes', () => {
  it('keeps short-lived objects out of the old generation where V8 would pretenure them', async () => {
    const [untuned, tuned] = await Promise.all([
      oldGenerationGrowth('default'),
      oldGenerationGrowth('tuned'),
    ]);
    // 5,000 objects of about 100 bytes each: all of them went old without the tuning.
    expect(untuned).toBeGreaterThan(400_000);
    expect(tuned).toBeLessThan(20_000);
  });
});
