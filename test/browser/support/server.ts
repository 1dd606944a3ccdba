/**
 * Starts the real Mailpulse server, as `npm run build` bundles it (`dist/server/main.js`), as a
 * child process on a free port, for the browser tests and the bench. The bundle starts without
 * tsx compiling the server's sources in every process (and in its PGlite thread). Each instance
 * gets its own copy of a seeded template PGlite folder: copying takes ~0.1 s where initdb takes
 * 3–4 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFolder } from '../../support/copy-folder';
import { SERVER_TEST_NODE_FLAGS } from '../../support/node-flags';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const clientDir = resolve(repoRoot, 'dist/client');
export const scratchDir = resolve(repoRoot, '.tmp/browser');
export const templateDir = resolve(scratchDir, 'template-db');
export const serverBundle = resolve(repoRoot, 'dist/server/main.js');
/** What scripts/build-server.ts bundles or copies into dist/server/. */
const SERVER_SOURCES = ['server', 'common', 'openapi/portal.yaml'];

const LISTENING = /Mailpulse listening on (http:\/\/\S+)/;
// A first start seeds 90 days of demo mail and rebuilds its statistics: on 2 busy cores, minutes.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** SIGTERM, then SIGKILL after 10 s; true when the server shut down cleanly (exit code 0). */
  stop(): Promise<boolean>;
  /** The last lines the server printed, for error messages. */
  output(): string;
  /** Resolves with the first match of `pattern` in what the server printed (so far or later). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

export interface ServerOptions {
  /** Extra variables for the server child, e.g. a sign-in provider's or Superset's. */
  env?: Record<string, string>;
}

export interface FreshServerOptions extends ServerOptions {
  /** Changes the copied data folder before the server opens it (e.g. operator CLI commands). */
  prepare?: (dataDir: string) => Promise<void>;
}

export function assertClientBuilt(): void {
  if (!existsSync(resolve(clientDir, 'index.html'))) {
    throw new Error(
      `The client is not built (${clientDir}/index.html is missing): run npm run build`,
    );
  }
}

/** The newest file under `path` (a file or a folder) and its modification time. */
function newestFile(path: string): { path: string; mtimeMs: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  return readdirSync(path)
    .map((name) => newestFile(join(path, name)))
    .reduce((newest, file) => (file.mtimeMs > newest.mtimeMs ? file : newest), {
      path,
      mtimeMs: 0,
    });
}

/** The server bundle exists and no source of it changed since it was built. */
export function assertServerBuilt(): void {
  if (!existsSync(serverBundle)) {
    throw new Error(`The server is not built (${serverBundle} is missing): run npm run build`);
  }
  const built = statSync(serverBundle).mtimeMs;
  const changed = SERVER_SOURCES.map((source) => newestFile(resolve(repoRoot, source))).find(
    (file) => file.mtimeMs > built,
  );
  if (changed) {
    throw new Error(
      `The server bundle ${serverBundle} is older than ${relative(repoRoot, changed.path)}: run npm run build`,
    );
  }
}

let serverChecked = false;

/** Starts the server on `dataDir` and resolves once it listens and has answered a request. */
export async function startServer(
  dataDir: string,
  options: ServerOptions = {},
): Promise<RunningServer> {
  // Once per process: a stale bundle would test yesterday's server.
  if (!serverChecked) assertServerBuilt();
  serverChecked = true;
  const server = await launch(dataDir, options);
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

/** What a server printed (its last 200 chunks), and waiting for something to appear in it. */
class OutputLog {
  private readonly chunks: string[] = [];
  private readonly watchers = new Set<() => void>();

  add(text: string): void {
    this.chunks.push(text);
    if (this.chunks.length > 200) this.chunks.shift();
    for (const watcher of this.watchers) watcher();
  }

  text(): string {
    return this.chunks.join('');
  }

  waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
    return new Promise((found, fail) => {
      const check = () => {
        const match = pattern.exec(this.text());
        if (!match) return;
        clearTimeout(timer);
        this.watchers.delete(check);
        found(match);
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        fail(new Error(`The server did not print ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }
}

function launch(dataDir: string, options: ServerOptions): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    // The pages are signed in with the demo links (DEMO=0 in options.env turns them off).
    DEMO: '1',
    SEED_DEMO: 'true',
    // The pages are checked against the seeded data: no worker may sync or alert meanwhile.
    WORKERS: 'false',
    LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? 'warn',
    ...options.env,
  };
  // A developer's own database or public URL must not leak into a test server.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;

  // The flags `npm run serve` starts it with (package.json), and Liftoff only (see
  // SERVER_TEST_NODE_FLAGS).
  const flags = [...SERVER_TEST_NODE_FLAGS, '--enable-source-maps'];
  const child = spawn(process.execPath, [...flags, serverBundle], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // If the test process dies abruptly, do not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const output = new OutputLog();
  const remember = (chunk: Buffer) => output.add(chunk.toString());
  // Both pipes are drained for the whole life of the server, or it would block on a full pipe.
  child.stderr.on('data', remember);

  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code, signal) => {
      output.add(`[server exited: code ${code}, signal ${signal}]\n`);
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
      rejectStart(new Error(`${reason}\n--- server output ---\n${output.text()}`));
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
      resolveStart({
        url: match[1],
        dataDir,
        stop,
        output: () => output.text(),
        waitForOutput: (pattern, timeoutMs) => output.waitFor(pattern, timeoutMs),
      });
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
  options: FreshServerOptions = {},
): Promise<RunningServer> {
  if (!existsSync(template)) {
    throw new Error(
      `The template database ${template} is missing: create it with createTemplate()`,
    );
  }
  const dataDir = resolve(scratchDir, `${name}-${process.pid}`);
  await rm(dataDir, { recursive: true, force: true });
  await copyFolder(template, dataDir);
  await options.prepare?.(dataDir);
  const server = await startServer(dataDir, options);
  return {
    ...server,
    stop: async () => {
      const clean = await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      return clean;
    },
  };
}
