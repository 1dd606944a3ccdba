import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { createTestDbLocation, type TestDbLocation } from './support/test-db';

/** The real server process, as `npm start` runs it, on a fresh database of the kind under test. */
interface Running {
  child: ChildProcess;
  url: string;
  output: string[];
}

function environment(location: TestDbLocation, extra: Record<string, string> = {}) {
  const { databaseUrl, dataDir } = location.options;
  return {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: '.tmp/no-client',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    ...extra,
  };
}

function start(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: 'pipe',
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code}: ${output.join('')}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const url = /^Mailpulse listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (url) resolve({ child, url, output });
    });
  });
}

function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

function exitOf(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: 'pipe',
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

let location: TestDbLocation;
beforeAll(async () => {
  location = await createTestDbLocation();
});
afterAll(() => location.dispose());

describe('the server process', () => {
  it('refuses to start on a bad variable, naming it', async () => {
    const { code, stderr } = await exitOf(environment(location, { PORT: 'eighty' }));
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Mailpulse cannot start. Invalid PORT: "eighty" is not a whole number',
    );
  });

  it('seeds the demo once, stops on SIGTERM and SIGINT, and keeps its data across restarts', async () => {
    const first = await start(environment(location));
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(await stop(first, 'SIGTERM')).toBe(0);

    const second = await start(environment(location));
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await stop(second, 'SIGINT')).toBe(0);

    const db = await openDatabase(location.options);
    const workspaces = await db.query<{ client_name: string }>(
      'select client_name from workspaces',
    );
    const mailboxes = await db.query('select 1 from mailboxes');
    await db.close();
    expect(workspaces).toEqual([{ client_name: 'Acme' }]);
    expect(mailboxes).toHaveLength(12);
    // Two starts, the first creating the database and seeding 90 days of demo mail.
  }, 60_000);
});
