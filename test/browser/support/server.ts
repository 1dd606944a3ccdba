/**
 * Starts the real Mailpulse server (`node --import tsx server/main.ts`) as a child process on a
 * free port, for the browser tests and the bench. Each instance gets its own copy of a seeded
 * template PGlite folder: copying takes ~0.1 s where initdb takes 3–4 s.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const clientDir = resolve(repoRoot, 'dist/client');
export const scratchDir = resolve(repoRoot, '.tmp/browser');
export const templateDir = resolve(scratchDir, 'template-db');

const LISTENING = /Mailpulse listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** SIGTERM, then SIGKILL after 10 s; true when the server shut down cleanly (exit code 0). */
  stop(): Promise<boolean>;
  /** The last lines the server printed, for error messages. */
  output(): string;
}

export function assertClientBuilt(): void {
  if (!existsSync(resolve(clientDir, 'index.html'))) {
    throw new Error(
      `The client is not built (${clientDir}/index.html is missing): run npm run build`,
    );
  }
}

/** Starts the server on `dataDir` and resolves once it listens and has answered a request. */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const server = await launch(dataDir);
  // main() prints the listening line before it installs its SIGTERM handler, so a quick stop()
  // could kill it mid-write. Once it has answered a request, that synchronous tail has run.
  try {
    await fetch(`${server.url}/healthz`);
  } catch (error) {
    await server.stop();
    throw new Error(`The server does not answer at ${server.url}: ${String(error)}`);
  }
  return server;
}

function launch(dataDir: string): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? 'warn',
  };
  // A developer's own database or public URL must not leak into a test server.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // If the test process dies abruptly, do not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  // Both pipes are drained for the whole life of the server, or it would block on a full pipe.
  child.stderr.on('data', remember);

  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code, signal) => {
      output.push(`[server exited: code ${code}, signal ${signal}]\n`);
      done(code);
    }),
  );

  const stop = async (): Promise<boolean> => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode === 0;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    return code === 0;
  };

  return new Promise<RunningServer>((resolveStart, rejectStart) => {
    let buffered = '';
    let started = false;
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop();
      rejectStart(new Error(`${reason}\n--- server output ---\n${output.join('')}`));
    };
    const timer = setTimeout(
      () => fail(`The server did not print its listening line within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      remember(chunk);
      if (started) return;
      buffered += chunk.toString();
      const match = LISTENING.exec(buffered);
      if (!match?.[1]) return;
      started = true;
      clearTimeout(timer);
      resolveStart({ url: match[1], dataDir, stop, output: () => output.join('') });
    });
    child.once('error', (error) => fail(`The server could not be spawned: ${error.message}`));
    // 'close' rather than 'exit': by then the last output has been read.
    child.once('close', (code, signal) => {
      if (!started) fail(`The server exited before listening (code ${code}, signal ${signal})`);
    });
  });
}

/** Builds the seeded template: a first start on an empty folder migrates and seeds it. */
export async function createTemplate(dir: string = templateDir): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const server = await startServer(dir);
  // A folder PGlite did not close cleanly would make every copy start with crash recovery.
  if (!(await server.stop())) {
    throw new Error(`The server did not shut down cleanly on ${dir}\n${server.output()}`);
  }
}

/** A server on a private copy of the template; stopping it also deletes the copy. */
export async function startFreshServer(
  name: string,
  template: string = templateDir,
): Promise<RunningServer> {
  if (!existsSync(template)) {
    throw new Error(
      `The template database ${template} is missing: create it with createTemplate()`,
    );
  }
  const dataDir = resolve(scratchDir, `${name}-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await cp(template, dataDir, { recursive: true });
  const server = await startServer(dataDir);
  return {
    ...server,
    stop: async () => {
      const clean = await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      return clean;
    },
  };
}
