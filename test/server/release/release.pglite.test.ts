import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, stop } from '../support/server-process';
import { createTestDbLocation, type TestDbLocation } from '../support/test-db';

// The production path outside a container: the Dockerfile's build step (scripts/build-release.sh)
// into a clean folder, its runtime step there (scripts/install-release.sh: npm ci --omit=dev, from
// the local npm cache), a settings file (scripts/make-env.sh), then the compiled server started
// as `npm run serve` starts it, on plain Node with no dev dependency installed.
// A `.pglite` test: it runs once, in the PGlite run (vite.config.ts). What it proves is the
// packaging, the same on either database, and on PGlite the release starts its compiled
// database thread (pglite-thread.js) too; two runs of it only doubled a build and an install.

const run = promisify(execFile);
const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

let location: TestDbLocation;
let folder: string;
beforeAll(async () => {
  location = await createTestDbLocation();
  folder = await mkdtemp(join(tmpdir(), 'mailpulse-release-'));
});
afterAll(async () => {
  await location.dispose();
  await rm(folder, { recursive: true, force: true });
});

/** The settings file a production install makes (scripts/make-env.sh). */
async function makeSettings(): Promise<string> {
  const { databaseUrl, dataDir } = location.options;
  const file = join(folder, 'mailpulse.env');
  const database = databaseUrl ? `DATABASE_URL=${databaseUrl}` : `DATA_DIR=${dataDir}`;
  await run('bash', ['scripts/make-env.sh', file, 'PORT=0', 'LOG_LEVEL=warn', database]);
  return file;
}

describe('a release', () => {
  it('installs without the dev dependencies, and its compiled server answers /healthz and serves the app', async () => {
    const release = join(folder, 'app');
    await run('bash', ['scripts/build-release.sh', release], { timeout: 180_000 });
    await run('bash', [join(release, 'scripts/install-release.sh'), '--prefer-offline'], {
      timeout: 180_000,
    });
    // The build and test tools (a production package may need another dev dependency's types).
    const tools = ['tsx', 'vite', 'esbuild', 'typescript', 'vitest', 'eslint', '@playwright/test'];
    expect(tools.filter((name) => existsSync(join(release, 'node_modules', name)))).toEqual([]);
    expect(tools.every((name) => name in manifest.devDependencies)).toBe(true);

    // As docs/operations.md starts it on bare Node, from a shell with PATH and HOME alone (no
    // NODE_ENV: Vitest sets `test`), with `npm run serve`'s own command: exec, so that the signal
    // reaches the server itself.
    const settings = await makeSettings();
    const serve = `set -a && . ${settings} && set +a && exec ${manifest.scripts.serve}`;
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const running = await start(env, [], { argv: ['sh', '-c', serve], cwd: release });
    expect(running.output[0]).toBe(
      'Demo sign-in is off: NODE_ENV=production (set DEMO=1 to turn it on). ' +
        'Demo seed is off (NODE_ENV=production).',
    );
    const health = await fetch(`${running.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', version: manifest.version });
    const page = await fetch(`${running.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<script type="module"[^>]* src="\/assets\//);
    expect(await stop(running, 'SIGTERM')).toBe(0);

    // The operator CLI, compiled, from the same release.
    const cli = await run(
      'sh',
      ['-c', `set -a && . ${settings} && set +a && exec node dist/server/launch.mjs cli help`],
      {
        env,
        cwd: release,
      },
    );
    expect(cli.stdout).toMatch(/^Usage: /m);
  }, 400_000);
});

describe('a start on a Node older than 22', () => {
  // The launcher runs on this Node, told by a preloaded module that it is 20.20.2.
  const olderNode = `data:text/javascript,Object.defineProperty(process.versions, 'node', { value: '20.20.2' })`;

  it.each(['serve', 'worker', 'cli'])(
    'stops %s at once with one sentence naming both versions',
    async (entry) => {
      const child = spawn(process.execPath, ['--import', olderNode, 'server/launch.mjs', entry], {
        stdio: 'pipe',
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect({ code, stdout, stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Mailpulse needs Node.js 22 or later, and this is Node.js 20.20.2.\n',
      });
    },
  );
});
