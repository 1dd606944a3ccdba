import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import { copyFolder } from '../../support/copy-folder';
import {
  createTestDbLocation,
  testDbSettings,
  TMP_DIR,
  type TestDbLocation,
} from '../support/test-db';
import {
  AS_NPM_START,
  environment,
  exitOf,
  runCli,
  start,
  stop,
  type Running,
} from '../support/server-process';

// One process per PGlite data folder: a second server refuses, and the CLI hands its command
// to the running server over the folder's socket. A `.pglite` test: the PGlite run only
// (vite.config.ts); under TEST_DB=postgres a fresh folder would stand in for the template copy.

async function pgliteLocation(): Promise<TestDbLocation> {
  if (testDbSettings().kind === 'pglite') return createTestDbLocation();
  const dataDir = await mkdtemp(join(TMP_DIR, 'pglite-folder-'));
  return { options: { dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}

// The folder `npm start` leaves after its first start (the demo seeded: 90 days of mail and
// their statistics, most of a first start's CPU), made once; each test starts on a copy of it.
// First starts are main.test.ts's point, not this file's.
let seeded: TestDbLocation;
beforeAll(async () => {
  seeded = await pgliteLocation();
  const first = await start(environment(seeded), AS_NPM_START);
  expect(await stop(first, 'SIGTERM')).toBe(0);
}, 120_000);
afterAll(() => seeded?.dispose());

let location: TestDbLocation;
let env: NodeJS.ProcessEnv;
const running: Running[] = [];
let copies = 0;
beforeEach(async () => {
  copies += 1;
  const dataDir = `${seeded.options.dataDir}-${copies}`;
  await copyFolder(seeded.options.dataDir, dataDir);
  location = { options: { dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
  env = environment(location);
});
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      await stop(server, 'SIGTERM');
    }
  }
  await location.dispose();
});

async function startServer(): Promise<Running> {
  const server = await start(env, AS_NPM_START);
  running.push(server);
  return server;
}

const cli = (line: string) => runCli(line.split(' '), env);
const ACME = /^1\tAcme\t.*\talerts \d+\/(\d+)$/m;

/** The admin's token, from the demo sign-in link the server printed. */
async function adminToken(server: Running): Promise<string> {
  const line = await server.lineMatching(/^demo sign-in admin /);
  const reply = await fetch(line.slice(line.lastIndexOf(' ') + 1), { redirect: 'manual' });
  const code = /code=([\w-]+)/.exec(reply.headers.get('location') ?? '')?.[1] ?? '';
  const exchanged = await fetch(`${server.url}/portal/api/sign-in-code/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return ((await exchanged.json()) as { token: string }).token;
}

async function maxAlerts(server: Running, token: string): Promise<unknown> {
  const reply = await fetch(`${server.url}/portal/api/me/`, {
    headers: { authorization: `Token ${token}` },
  });
  return JSON.stringify(await reply.json()).match(/"max_alerts":(\d+)/)?.[1];
}

describe('a PGlite data folder', () => {
  it('takes CLI writes through the running server, visible at once and after a restart', async () => {
    const first = await startServer();
    const token = await adminToken(first);
    expect(await maxAlerts(first, token)).toBe('5');
    const socket = await stat(join(location.options.dataDir, 'mailpulse-cli.sock'));
    expect(socket.mode & 0o777).toBe(0o600);

    expect(await cli('limits:set --workspace 1 --max-alerts 7')).toEqual({
      code: 0,
      stdout: 'workspace 1: max_alerts 5 → 7\n',
      stderr: '',
    });
    expect(await maxAlerts(first, token)).toBe('7');
    const refused = await cli('limits:set --workspace 99 --max-alerts 7');
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(/--workspace 99: no such workspace/);

    expect(await stop(first, 'SIGTERM')).toBe(0);
    const second = await startServer();
    expect(await maxAlerts(second, await adminToken(second))).toBe('7');
    expect(ACME.exec((await cli('workspace:list')).stdout)?.[1]).toBe('7');
    expect(await stop(second, 'SIGTERM')).toBe(0);
    // No server: the CLI opens the folder itself.
    expect(ACME.exec((await cli('workspace:list')).stdout)?.[1]).toBe('7');
  }, 120_000);

  it('refuses a second server, naming the folder and the running process', async () => {
    const first = await startServer();
    const { code, stderr } = await exitOf(env);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `Mailpulse cannot start. The data folder ${resolve(location.options.dataDir)} ` +
        `is in use by process ${first.child.pid}.`,
    );
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  }, 120_000);

  it('opens again after a CLI run, a write and a kill -9', async () => {
    const first = await startServer();
    expect(ACME.exec((await cli('workspace:list')).stdout)?.[1]).toBe('5');
    expect((await cli('limits:set --workspace 1 --max-alerts 9')).code).toBe(0);
    expect(await stop(first, 'SIGKILL')).toBe(null);
    // The dead server's lock is still there; the next start takes it over.
    const lock = await readFile(join(location.options.dataDir, 'mailpulse.lock'), 'utf8');
    expect(Number(lock)).toBe(first.child.pid);

    const second = await startServer();
    expect(ACME.exec((await cli('workspace:list')).stdout)?.[1]).toBe('9');
    expect(await stop(second, 'SIGKILL')).toBe(null);
    const db = await openDatabase(location.options);
    const [row] = await db.query<{ max_alerts: number }>('select max_alerts from workspaces');
    await db.close();
    expect(row).toEqual({ max_alerts: 9 });
  }, 120_000);
});
