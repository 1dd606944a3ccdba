import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { executeArgv, type CliContext, type CliOutcome } from './execute';

// While a server holds a PGlite data folder, the CLI may not open it (one process per folder),
// so it hands its arguments to the server over a Unix socket in that folder, readable and
// writable by the owner only, with no network port. The server runs the command against its
// own database exactly as the CLI would and answers with the lines to print and the exit code.
// Protocol: one JSON line each way, {"argv": [...]} then a CliOutcome.

const SOCKET_FILE = 'mailpulse-cli.sock';
const MAX_REQUEST = 1024 * 1024;
const MAX_SOCKET_PATH = 107;

const cliSocketPath = (dataDir: string) => join(resolve(dataDir), SOCKET_FILE);

function isArgv(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function serve(context: CliContext, socket: Socket): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_REQUEST) return socket.destroy();
    const newline = buffered.indexOf('\n');
    if (newline < 0) return;
    socket.pause();
    let argv: unknown;
    try {
      argv = (JSON.parse(buffered.slice(0, newline)) as { argv?: unknown }).argv;
    } catch {
      argv = undefined;
    }
    const outcome: Promise<CliOutcome> = isArgv(argv)
      ? executeArgv(context, argv)
      : Promise.resolve({ stdout: [], stderr: ['error: unreadable request'], code: 2 });
    void outcome.then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
  });
}

/** Listens on the folder's CLI socket; the caller holds the folder's lock. */
export async function listenForCli(context: CliContext, dataDir: string): Promise<Server> {
  const path = cliSocketPath(dataDir);
  // Longer paths do not fit a Unix socket address; Node would bind a truncated one.
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    throw new Error(`the socket path ${path} is longer than ${MAX_SOCKET_PATH} bytes`);
  }
  // A socket file left by a killed server: the lock is ours now, so nobody is behind it.
  rmSync(path, { force: true });
  const server = createServer((socket) => serve(context, socket));
  // bind() creates the file with the umask's permissions: owner-only from the first moment.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, () => done());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return server;
}

function requestOnce(path: string, argv: string[]): Promise<CliOutcome> {
  return new Promise((done, fail) => {
    const socket: Socket = createConnection(path);
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', fail);
    socket.on('end', () => {
      try {
        done(JSON.parse(reply) as CliOutcome);
      } catch {
        fail(new Error('the server closed the CLI socket without an answer'));
      }
    });
  });
}

const NOT_LISTENING = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Sends argv to the server holding dataDir. A server still starting (migrating) has the lock
 * but no socket yet, so a missing socket is retried for a while.
 */
export async function handOff(
  dataDir: string,
  argv: string[],
  waitMs = 15_000,
): Promise<CliOutcome> {
  const path = cliSocketPath(dataDir);
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await requestOnce(path, argv);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!NOT_LISTENING.has(code) || Date.now() > until) throw error;
      await new Promise((next) => setTimeout(next, 200));
    }
  }
}
