/**
 * A load client for the benches: `clients` simulated people, each repeating one view for a fixed
 * time. A view is a list of waves; a wave's requests go out together (as a page sends them) and
 * the next wave starts when all of them are answered. Each person has at most `socketsPerClient`
 * keep-alive connections (a browser opens six per host), opened before the clock starts when
 * `warmPath` is set. It runs in a worker thread (load-worker.ts), so its own work does not delay
 * the server's event loop when both share a process (one thread, kept warm for every plan), on
 * connections that allocate almost nothing per reply (load-connection.ts; no wrk or autocannon
 * here), and records every reply's time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';

export interface LoadPlan {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Person i signs in with tokens[i % tokens.length]. */
  tokens: string[];
  clients: number;
  seconds: number;
  /** Paths with their query, wave by wave. */
  waves: string[][];
  socketsPerClient: number;
  /**
   * Fetched on every connection before the clock starts, as a browser has its connections open
   * from loading the page (e.g. `/dashboard`, the app's HTML); none when unset.
   */
  warmPath?: string;
}

export interface LoadResult {
  /** Milliseconds per whole view, in the order they ended. */
  views: number[];
  /** Milliseconds per request, by path without its query. */
  requests: Record<string, number[]>;
  /** Replies other than 200, and errors, e.g. `503 /portal/api/stats/summary`. */
  failures: string[];
  /** The load client's own CPU time over the run (its thread; absent before Node 23.9). */
  clientCpuMs?: number;
  /** When the slowest reply's request was sent, in ms after the clock started. */
  slowestAt: number;
}

let thread: Worker | undefined;
/** Plans run one after another, each when the one before has its result. */
let queue: Promise<unknown> = Promise.resolve();

/** The load client's thread, started on first use and kept (warm) for every later plan. */
function loadThread(): Worker {
  // The worker is TypeScript: tsx loads it whoever started this (tsx, or a test runner).
  thread ??= new Worker(new URL('./load-worker.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
  });
  return thread;
}

export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const run = () =>
    new Promise<LoadResult>((done, fail) => {
      const worker = loadThread();
      // Held while a plan runs; idle, it does not keep the process alive.
      worker.ref();
      const settle = () => {
        worker.off('message', onResult).off('error', onError);
        worker.unref();
      };
      const onResult = (result: LoadResult) => {
        settle();
        done(result);
      };
      const onError = (error: Error) => {
        settle();
        thread = undefined;
        fail(error);
      };
      worker.on('message', onResult).on('error', onError);
      worker.postMessage(plan);
    });
  const result = queue.then(run, run);
  queue = result;
  return result;
}

/** What a server has spent so far (bench-fifty-app.ts asks the app's process). */
export interface Spent {
  /** Its main thread's CPU time (its busy time before Node 23.9). */
  cpuMs: number;
  /** Statements the app ran outside transactions: the reads each request makes. */
  statements: number;
  /** The main thread's collection pauses since the last probe, in ms. */
  gc: number[];
}

/** What the server's main thread spent on a run, per reply: CPU time, statements, GC pauses. */
export interface Costed {
  load: LoadResult;
  /** The app's main thread's CPU time per reply. */
  server: number;
  /** The load client's CPU time per reply (its own thread), when known. */
  client: number | undefined;
  /** Statements the app ran per reply. */
  statements: number;
  /** Each garbage collection's pause on the app's main thread, in ms. */
  gc: number[];
}

export async function costed(
  probe: () => Promise<Spent>,
  run: () => Promise<LoadResult>,
): Promise<Costed> {
  const before = await probe();
  const load = await run();
  const after = await probe();
  const replies = Math.max(1, load.views.length);
  return {
    load,
    server: (after.cpuMs - before.cpuMs) / replies,
    client: load.clientCpuMs === undefined ? undefined : load.clientCpuMs / replies,
    statements: (after.statements - before.statements) / replies,
    gc: after.gc,
  };
}

/** A reply's bytes as a server sent them, and their Content-Encoding when compressed. */
export interface RawReply {
  bytes: Buffer;
  encoding?: string;
}

/** The load client against a server that answers `reply` at once, as `plan` asks it. */
export async function againstInstant(reply: RawReply, plan: Omit<LoadPlan, 'baseUrl' | 'tokens'>) {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    if (reply.encoding) response.setHeader('content-encoding', reply.encoding);
    response.end(reply.bytes);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const { port } = server.address() as AddressInfo;
    return await runLoad({ ...plan, baseUrl: `http://127.0.0.1:${port}`, tokens: ['-'] });
  } finally {
    server.close();
  }
}

/**
 * Runs the load client for a few seconds against a server that answers at once, and discards
 * what it measured: its code is compiled before the first figure counts, as a browser's is.
 */
export async function warmLoadClient(): Promise<void> {
  const waves = [['/warm-up'], ['/warm-up', '/warm-up']];
  await againstInstant(
    { bytes: Buffer.from('{}') },
    {
      clients: 50,
      socketsPerClient: 2,
      seconds: 3,
      waves,
      warmPath: '/',
    },
  );
}

export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
