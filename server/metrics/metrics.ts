// Prometheus metrics (prom-client), served on METRICS_PORT only (docs/operations.md). What a
// process counts as it works (requests, sync runs) lives in its own registry; what the database
// knows (the outbox, the last sync of each mailbox, overdue alerts) is read at scrape time with
// a few set-based queries, so every process reports the same figures for them.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/types';
import { readDatabaseFigures } from './database-figures';

export interface Metrics {
  /** A finished HTTP request: `route` is the route's pattern, never the URL (tokens are in some). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One mail sync run of a mailbox and whether it succeeded. */
  countSync(workspaceId: number, mailbox: string, ok: boolean): void;
  /** The exposition text, with the database figures read now. */
  scrape(): Promise<string>;
  contentType: string;
}

export function createMetrics(db: Db, now: () => Date = () => new Date()): Metrics {
  const registry = new Registry();
  // The process's own: CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Histogram({
    name: 'mailpulse_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const syncRuns = new Counter({
    name: 'mailpulse_sync_runs_total',
    help: 'Mail sync runs of a mailbox by this process.',
    labelNames: ['workspace_id', 'mailbox'] as const,
    registers,
  });
  const syncFailures = new Counter({
    name: 'mailpulse_sync_failures_total',
    help: 'Mail sync runs of a mailbox by this process that failed.',
    labelNames: ['workspace_id', 'mailbox'] as const,
    registers,
  });
  const refresh = readDatabaseFigures(db, registers, now);
  return {
    observeRequest: (method, route, status, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    countSync: (workspaceId, mailbox, ok) => {
      const labels = { workspace_id: String(workspaceId), mailbox };
      syncRuns.inc(labels);
      if (!ok) syncFailures.inc(labels);
    },
    scrape: async () => {
      await refresh();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
