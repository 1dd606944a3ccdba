import { dbIdentity } from '../db/identity';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import type { OutboundGuard } from './safe-target';
import {
  claimDueRequest,
  markDelivered,
  markFailed,
  markWithheld,
  type ClaimedRequest,
  type OutboundKind,
  type RequestKind,
} from '../repos/outbound-requests';
import { guardDemo } from './demo-guard';

// Everything the server sends to the outside world is stored first and sent here, so nothing is
// lost while a receiver is down: feedback and integration requests, and alert notifications.
// Each row is claimed under `for update skip locked` with a lease, so two servers never send the
// same row at once; a failed send is retried with exponential backoff.

type WebhookTargets = Pick<Config, 'feedbackWebhookUrl' | 'integrationWebhookUrl'>;

/** How rows of some kinds are sent: null when the receiver accepted the row, else why not. */
export interface Channel {
  kinds: readonly OutboundKind[];
  send(row: ClaimedRequest, now: Date): Promise<string | null>;
}

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

function payloadOf(row: ClaimedRequest): Record<string, string | null> {
  const sender = { email: row.email, client: row.client, role: row.role, content: row.content };
  return row.kind === 'feedback'
    ? { ...sender, type: row.feedback_type }
    : { ...sender, integration_name: row.integration_name, integration_id: row.integration_id };
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 500);
}

/**
 * Posts a JSON body through the guard; null when the webhook accepted it, else why not. A send
 * is never cut short by a stop: the webhook may already have the request, and sending it again
 * would repeat it. A redirect is a failure: following it could lead inside the network.
 */
export async function postJson(
  guard: OutboundGuard,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<string | null> {
  try {
    const response = await guard.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return null;
    const redirect = response.status >= 300 && response.status < 400;
    return `The webhook answered ${response.status}${redirect ? '; redirects are not followed' : ''}`;
  } catch (error) {
    return describeError(error);
  }
}

/** The feedback and integration webhooks that are configured. */
export function requestChannels(targets: WebhookTargets, guard: OutboundGuard): Channel[] {
  const urls: Record<RequestKind, string | undefined> = {
    feedback: targets.feedbackWebhookUrl,
    integration: targets.integrationWebhookUrl,
  };
  return (['feedback', 'integration'] as const).flatMap((kind) => {
    const url = urls[kind];
    return url
      ? [{ kinds: [kind], send: (row) => postJson(guard, url, JSON.stringify(payloadOf(row))) }]
      : [];
  });
}

interface DrainResult {
  delivered: number;
  failed: number;
  /** Rows a demo workspace may not send, ended unsent (server/outbound/demo-guard.ts). */
  withheld: number;
}

interface DrainOptions {
  /** Once aborted, no further row is claimed. */
  stop?: AbortSignal;
  /** The clock (tests inject one). */
  now?: () => Date;
}

/**
 * One pass: sends every row that is due (up to a bound), one at a time. Kinds without a channel
 * stay queued. Exported so tests can run a pass without waiting for a timer.
 */
export async function drainOnce(
  db: Db,
  channels: readonly Channel[],
  log: FastifyBaseLogger,
  { stop, now = () => new Date() }: DrainOptions = {},
): Promise<DrainResult> {
  const kinds = channels.flatMap((channel) => channel.kinds);
  const result: DrainResult = { delivered: 0, failed: 0, withheld: 0 };
  if (kinds.length === 0) return result;
  while (result.delivered + result.failed + result.withheld < MAX_PER_PASS && !stop?.aborted) {
    const row = await db.transaction((tx) => claimDueRequest(tx, kinds, LEASE_SECONDS, now()));
    if (!row) break;
    const channel = channels.find((c) => c.kinds.includes(row.kind));
    if (!channel) throw new Error(`claimed a ${row.kind} row, which has no channel`);
    const guarded = await guardDemo(db, row);
    const logged = { outboundRequestId: row.request_id, kind: row.kind };
    if ('withheld' in guarded) {
      await markWithheld(db, row.workspace_id, row.request_id, guarded.withheld, now());
      log.warn({ ...logged, workspaceId: row.workspace_id }, guarded.withheld);
      result.withheld += 1;
      continue;
    }
    if (guarded.dropped.length > 0) {
      log.warn({ ...logged, dropped: guarded.dropped }, 'A demo workspace emails only its users');
    }
    const error = await channel.send(guarded.send, now());
    if (error === null) {
      await markDelivered(db, row.workspace_id, row.request_id, now());
      result.delivered += 1;
      continue;
    }
    const retryIn = retryDelaySeconds(row.attempts);
    const gaveUp = await markFailed(db, row.workspace_id, row.request_id, error, retryIn, now());
    log.warn(
      { outboundRequestId: row.request_id, kind: row.kind, attempts: row.attempts, error },
      gaveUp
        ? 'Sending failed for 24 hours; the row is marked failed'
        : `Sending failed; it will be retried in ${retryIn} s`,
    );
    result.failed += 1;
  }
  return result;
}

// Who to wake when a request is stored: the forwarders running on that database.
const wakers = new WeakMap<Db, Set<() => void>>();

/** Called right after a request is stored, so it is sent without waiting for the next poll. */
export function notifyQueued(db: Db): void {
  for (const wake of wakers.get(dbIdentity(db)) ?? []) wake();
}

interface ForwarderOptions {
  db: Db;
  channels: readonly Channel[];
  log: FastifyBaseLogger;
  pollMs?: number;
  now?: () => Date;
}

interface Forwarder {
  start(): void;
  /** Stops polling and waits for the send in progress, if any; no further row is claimed. */
  stop(): Promise<void>;
}

export function createForwarder({
  db,
  channels,
  log,
  pollMs = DEFAULT_POLL_MS,
  now,
}: ForwarderOptions): Forwarder {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let abort = new AbortController();

  const pass = async () => {
    do {
      again = false;
      try {
        await drainOnce(db, channels, log, { stop: abort.signal, now });
      } catch (error) {
        log.error({ err: error }, 'A pass of the outbox forwarder failed');
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
      let set = wakers.get(dbIdentity(db));
      if (!set) wakers.set(dbIdentity(db), (set = new Set()));
      set.add(wake);
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      abort.abort();
      clearInterval(timer);
      wakers.get(dbIdentity(db))?.delete(wake);
      await running;
    },
  };
}
