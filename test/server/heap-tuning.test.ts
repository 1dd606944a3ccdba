import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

// The server, the worker and the bench's app import server/heap-tuning.ts first and start with
// server/node-flags.ts's flags. Under fifty connections V8's pretenuring moved a request's
// millisecond-lived objects straight to the old generation, and the full collections that
// followed paused every request in flight; a larger young generation paused them longer.

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

  it('starts npm start, npm run serve and npm run worker with a young generation of a fixed 32 MB', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const node = `node ${SERVER_NODE_FLAGS.join(' ')} --enable-source-maps dist/server/launch.mjs`;
    expect(await readFile('scripts/start.sh', 'utf8')).toContain(`exec ${node} start --demo\n`);
    expect(pkg.scripts.serve).toBe(`${node} serve`);
    expect(pkg.scripts.worker).toBe(`${node} worker`);
    const newSpace = `const { getHeapSpaceStatistics: spaces } = require('node:v8');
      process.stdout.write(String(spaces().find((s) => s.space_name === 'new_space').space_size));`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      ...SERVER_NODE_FLAGS,
      '-e',
      newSpace,
    ]);
    expect(Number(stdout)).toBe(32 * 1024 * 1024);
  });
});
