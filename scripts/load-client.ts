/**
 * A load client for the benches: `clients` simulated people, each repeating one view for a fixed
 * time. A view is a list of waves; a wave's requests go out together (as a page sends them) and
 * the next wave starts when all of them are answered. Each person has at most `socketsPerClient`
 * keep-alive connections (a browser opens six per host), opened before the clock starts when
 * `warmPath` is set. It runs in a worker thread (load-worker.ts), so its own work does not delay
 * the server's event loop when both share a process, on connections that allocate almost nothing
 * per reply (load-connection.ts; no wrk or autocannon here), and records every reply's time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, performance } from 'node:perf_hooks';
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

export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  // The worker is TypeScript: tsx loads it whoever started this (tsx, or a test runner).
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
    workerData: plan,
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((done, fail) => {
    worker.once('message', (result: LoadResult) => {
      void worker.terminate();
      done(result);
    });
    worker.once('error', fail);
  });
}

type CpuUsage = { user: number; system: number };
/** This thread's CPU time (Node 23.9+), else undefined. */
const threadCpuUsage = (
  process as { threadCpuUsage?: (since?: CpuUsage) => CpuUsage }
).threadCpuUsage?.bind(process);

/** What the server's thread spent on a run, per reply: CPU time, statements, GC pauses. */
export interface Costed {
  load: LoadResult;
  /** CPU time of this thread (the app's, run here) per reply; its busy time before Node 23.9. */
  server: number;
  /** The load client's CPU time per reply (its own thread), when known. */
  client: number | undefined;
  /** Statements the app ran per reply, as `statements()` counts them. */
  statements: number;
  /** Each garbage collection's pause on this thread, in ms. */
  gc: number[];
}

export async function costed(
  statements: () => number,
  run: () => Promise<LoadResult>,
): Promise<Costed> {
  const gc: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  const statementsBefore = statements();
  const cpuBefore = threadCpuUsage?.();
  const busyBefore = performance.eventLoopUtilization();
  try {
    const load = await run();
    const cpu = cpuBefore && threadCpuUsage?.(cpuBefore);
    const spent = cpu
      ? (cpu.user + cpu.system) / 1000
      : performance.eventLoopUtilization(busyBefore).active;
    const replies = Math.max(1, load.views.length);
    return {
      load,
      server: spent / replies,
      client: load.clientCpuMs === undefined ? undefined : load.clientCpuMs / replies,
      statements: (statements() - statementsBefore) / replies,
      gc,
    };
  } finally {
    observer.disconnect();
  }
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

export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
