import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import {
  claimDueRequest,
  markDelivered,
  markFailed,
  type ClaimedRequest,
  type OutboundKind,
} from '../repos/outbound-requests';

// Feedback and integration requests are stored first and sent here, so none is lost while a
// webhook is down. Each row is claimed under `for update skip locked` with a lease, so two
// servers never send the same row; a failed send is retried with exponential backoff.

export type WebhookTargets = Pick<Config, 'feedbackWebhookUrl' | 'integrationWebhookUrl'>;

const FIRST_RETRY_SECONDS = 5;
const MAX_RETRY_SECONDS = 600;
const SEND_TIMEOUT_MS = 10_000;
/** Longer than a send can take, so a claimed row is never due again while it is being sent. */
const LEASE_SECONDS = 60;
const MAX_PER_PASS = 50;
const DEFAULT_POLL_MS = 2_000;

/** 5 s after the first failure, doubling, at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_SECONDS);

function urlFor(kind: OutboundKind, targets: WebhookTargets): string | undefined {
  return kind === 'feedback' ? targets.feedbackWebhookUrl : targets.integrationWebhookUrl;
}

function payloadOf(row: ClaimedRequest): Record<string, string | null> {
  const sender = { email: row.email, client: row.client, role: row.role, content: row.content };
  return row.kind === 'feedback'
    ? { ...sender, type: row.feedback_type }
    : { ...sender, integration_name: row.integration_name, integration_id: row.integration_id };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/**
 * Posts the payload; null when the webhook accepted it, else why not. A send is never cut short
 * by a stop: the webhook may already have the request, and sending it again would repeat it.
 */
async function send(url: string, payload: object): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? null : `The webhook answered ${response.status}`;
  } catch (error) {
    return describe(error).slice(0, 500);
  }
}

export interface DrainResult {
  delivered: number;
  failed: number;
}

/**
 * One pass: sends every request that is due (up to a bound), one at a time. Kinds whose webhook
 * is not configured stay queued. Once `stop` is aborted no further row is claimed. Exported so
 * tests can run a pass without waiting for a timer.
 */
export async function drainOnce(
  db: Db,
  targets: WebhookTargets,
  log: FastifyBaseLogger,
  stop?: AbortSignal,
): Promise<DrainResult> {
  const kinds = (['feedback', 'integration'] as const).filter((kind) => urlFor(kind, targets));
  const result: DrainResult = { delivered: 0, failed: 0 };
  if (kinds.length === 0) return result;
  while (result.delivered + result.failed < MAX_PER_PASS && !stop?.aborted) {
    const row = await db.transaction((tx) => claimDueRequest(tx, kinds, LEASE_SECONDS));
    if (!row) break;
    const url = urlFor(row.kind, targets);
    if (!url) throw new Error(`claimed a ${row.kind} request, which has no webhook`);
    const error = await send(url, payloadOf(row));
    if (error === null) {
      await markDelivered(db, row.workspace_id, row.request_id);
      result.delivered += 1;
      continue;
    }
    const retryIn = retryDelaySeconds(row.attempts);
    await markFailed(db, row.workspace_id, row.request_id, error, retryIn);
    log.warn(
      {
        outboundRequestId: row.request_id,
        kind: row.kind,
        attempts: row.attempts,
        retryInSeconds: retryIn,
        error,
      },
      'Forwarding a request to its webhook failed; it will be retried',
    );
    result.failed += 1;
  }
  return result;
}

// Who to wake when a request is stored: the forwarders running on that database.
const wakers = new WeakMap<Db, Set<() => void>>();

/** Called right after a request is stored, so it is sent without waiting for the next poll. */
export function notifyQueued(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}

export interface ForwarderOptions {
  db: Db;
  targets: WebhookTargets;
  log: FastifyBaseLogger;
  pollMs?: number;
}

export interface Forwarder {
  start(): void;
  /** Stops polling and waits for the send in progress, if any; no further row is claimed. */
  stop(): Promise<void>;
}

export function createForwarder({
  db,
  targets,
  log,
  pollMs = DEFAULT_POLL_MS,
}: ForwarderOptions): Forwarder {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let abort = new AbortController();

  const pass = async () => {
    do {
      again = false;
      try {
        await drainOnce(db, targets, log, abort.signal);
      } catch (error) {
        log.error({ err: error }, 'A pass of the request forwarder failed');
      }
    } while (again && !abort.signal.aborted);
  };

  // A wake during a pass asks for one more pass, so a request stored meanwhile is not missed.
  const wake = () => {
    if (abort.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
    });
  };

  return {
    start() {
      abort = new AbortController();
      let set = wakers.get(db);
      if (!set) wakers.set(db, (set = new Set()));
      set.add(wake);
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      abort.abort();
      clearInterval(timer);
      wakers.get(db)?.delete(wake);
      await running;
    },
  };
}
