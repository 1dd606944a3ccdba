import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import { SERVER_TEST_NODE_FLAGS } from '../../support/node-flags';
import type { TestDbLocation } from './test-db';

// The real server process, as `npm start` runs it, and the real CLI, on a test database: from
// the server's bundle, which global-setup.ts makes once per run with `npm run build`'s esbuild
// call (scripts/server-bundle.ts), since compiling the TypeScript through tsx cost each process
// about a second of CPU, and with the test processes' flags (test/support/node-flags.ts).
// `npmRunCli` goes through `npm run cli` (tsx) as a user does.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's server bundle (main.js, worker.js, cli.js, sync-child.js). */
    serverBundle: string;
  }
}

/** Test children bundled beside the server's entries (their imports are the server's). */
export const TEST_CHILD_ENTRIES = { 'sync-child': 'test/support/sync-child.ts' };

/** The arguments that start one of the bundle's entries with `process.execPath`. */
export const bundled = (
  entry: 'main' | 'worker' | 'cli' | keyof typeof TEST_CHILD_ENTRIES,
  args: string[] = [],
) => [...SERVER_TEST_NODE_FLAGS, join(inject('serverBundle'), `${entry}.js`), ...args];

export interface Running {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far, stdout lines and stderr chunks. */
  output: string[];
  /** The first stdout line, printed so far or later, that matches. */
  lineMatching(pattern: RegExp): Promise<string>;
}

export function environment(location: TestDbLocation, extra: Record<string, string> = {}) {
  const { databaseUrl, dataDir } = location.options;
  return {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: '.tmp/no-client',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    ...extra,
  };
}

/** `npm start` passes --demo, which asks for the demo (server/demo-config.ts). */
export const AS_NPM_START = ['--demo'];

/** Another way to start it than from source: a program and its arguments, in a folder. */
export interface Command {
  argv: [string, ...string[]];
  cwd: string;
}

const serverProcess = (env: NodeJS.ProcessEnv, args: string[] = [], command?: Command) =>
  command
    ? spawn(command.argv[0], [...command.argv.slice(1), ...args], {
        env,
        cwd: command.cwd,
        stdio: 'pipe',
      })
    : spawn(process.execPath, bundled('main', args), { env, stdio: 'pipe' });

/** Starts the server and resolves once it prints the address it listens on. */
export function start(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  command?: Command,
): Promise<Running> {
  const child = serverProcess(env, args, command);
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code}: ${output.join('')}`)),
    );
    const lines = createInterface({ input: child.stdout });
    const lineMatching = (pattern: RegExp) =>
      new Promise<string>((found) => {
        const seen = output.find((line) => pattern.test(line));
        if (seen !== undefined) return found(seen);
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          lines.off('line', listener);
          found(line);
        };
        lines.on('line', listener);
      });
    lines.on('line', (line) => {
      output.push(line);
      const url = /^Mailpulse listening on (http:\/\/\S+)$/.exec(line)?.[1];
      if (url) resolve({ child, url, output, lineMatching });
    });
  });
}

export function stop(running: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

/** Runs a server that is expected to stop by itself, and what it said on stderr. */
export function exitOf(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const child = serverProcess(env);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

function outcomeOf(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliOutcome> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The CLI as a user runs it: `npm run cli -- <args>`. */
export const npmRunCli = (args: string[], env: NodeJS.ProcessEnv) =>
  outcomeOf('npm', ['run', '--silent', 'cli', '--', ...args], env);

/** The same CLI, from the run's bundle (cli.test.ts holds that `npm run cli` runs it). */
export const runCli = (args: string[], env: NodeJS.ProcessEnv) =>
  outcomeOf(process.execPath, bundled('cli', args), env);
