import { setTimeout as wait } from 'node:timers/promises';
import { MailProviderError, type ProbeResult } from './connector';

// The HTTP the Google and Microsoft connectors share: JSON calls that honour 429 and
// Retry-After, retry 5xx and network failures with a bounded exponential backoff, and refresh
// the bearer token once on a 401.

export interface CloudDeps {
  now: () => Date;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** In [0, 1): spreads backoffs, so mailboxes refused together do not retry together. */
  random: () => number;
}

export const defaultDeps: CloudDeps = {
  now: () => new Date(),
  sleep: (ms, signal) => wait(ms, undefined, { signal }),
  random: Math.random,
};

/** A reply the caller must interpret (4xx other than a refreshed 401 and rate limits). */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

interface BearerSource {
  token(signal: AbortSignal): Promise<string>;
  /** Forgets the cached token: the next token() asks the token endpoint again. */
  invalidate(): void;
}

interface CallOptions {
  /** "Google" or "Microsoft", for the sentence when the provider keeps failing. */
  provider: string;
  deps: CloudDeps;
  signal: AbortSignal;
  bearer?: BearerSource;
  /** Some providers also say "slow down" with another status (Google's 403 rateLimitExceeded). */
  isRateLimited?: (status: number, body: unknown) => boolean;
  /** Awaited before every attempt, retries included (Gmail's quota pacing). */
  pace?: () => Promise<void>;
  /** Told when the provider said "slow down". */
  onRateLimited?: () => void;
}

interface Request {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A form body (token endpoints). */
  form?: Record<string, string>;
  /** Any other body (Gmail's multipart batches); a reply that is not JSON comes back as text. */
  body?: { contentType: string; text: string };
}

/** Retries after the first attempt, for 429 and 5xx alike. */
export const MAX_RETRIES = 5;
/** A longer Retry-After ends this run; the scheduler's backoff takes over. */
export const MAX_WAIT_MS = 120_000;

/** 1 s doubling up to 32 s, each wait between half and all of that ("equal jitter"). */
export const backoffMs = (retry: number, random: () => number) =>
  Math.round(Math.min(32_000, 1000 * 2 ** retry) * (0.5 + 0.5 * random()));

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or bad. */
export function retryAfterMs(value: string | null, now: Date): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export const unavailable = (provider: string) =>
  `${provider} is not answering at the moment; the sync will try again shortly.`;

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One attempt: the status, headers and parsed body, or null when the connection failed. */
async function attempt(request: Request, options: CallOptions) {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (options.bearer) {
    headers.authorization = `Bearer ${await options.bearer.token(options.signal)}`;
  }
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.body) {
    headers['content-type'] = request.body.contentType;
    body = request.body.text;
  }
  // fetch leaves its abort listener on the signal it is given; a sync makes thousands of
  // calls under one signal, so each call gets its own, linked for as long as it runs.
  const own = new AbortController();
  const abort = () => own.abort(options.signal.reason);
  options.signal.addEventListener('abort', abort, { once: true });
  try {
    const method = request.method ?? 'GET';
    const response = await fetch(request.url, { method, headers, body, signal: own.signal });
    return { status: response.status, headers: response.headers, body: await bodyOf(response) };
  } catch (error) {
    // A refused connection or reset is worth retrying like a 5xx; an abort is not.
    if (options.signal.aborted) throw error;
    return null;
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}

/** The parsed JSON of a 2xx reply; throws HttpError for other answers it does not retry. */
export async function callJson(request: Request, options: CallOptions): Promise<unknown> {
  const { deps, signal } = options;
  let refreshed = false;
  for (let retry = 0; ; retry += 1) {
    await options.pace?.();
    const response = await attempt(request, options);
    const status = response?.status ?? 0;
    if (response && status >= 200 && status < 300) return response.body;
    if (status === 401 && options.bearer && !refreshed) {
      refreshed = true;
      options.bearer.invalidate();
      retry -= 1;
      continue;
    }
    const limited = status === 429 || (options.isRateLimited?.(status, response?.body) ?? false);
    if (response && !limited && status < 500) throw new HttpError(status, response.body);
    if (limited) options.onRateLimited?.();
    if (retry >= MAX_RETRIES) throw new MailProviderError(unavailable(options.provider), true);
    // A 503 may say how long the service is away (RFC 9110 §10.2.3; Graph: "the length of
    // which may be specified in a Retry-After header", https://learn.microsoft.com/graph/errors).
    const asked =
      limited || status === 503
        ? retryAfterMs(response?.headers.get('retry-after') ?? null, deps.now())
        : null;
    const delay = asked ?? backoffMs(retry, deps.random);
    if (delay > MAX_WAIT_MS) throw new MailProviderError(unavailable(options.provider), true);
    await deps.sleep(delay, signal);
  }
}

/**
 * An OAuth token endpoint's access token: a refusal becomes a MailProviderError with the
 * sentence `refused` gives (not transient: retrying cannot mend a credential).
 */
export async function requestToken(
  url: string,
  form: Record<string, string>,
  options: { provider: string; deps: CloudDeps; signal: AbortSignal },
  refused: (error: HttpError) => string,
): Promise<{ token: string; ttlS: number }> {
  let body: unknown;
  try {
    body = await callJson({ url, method: 'POST', form }, options);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new MailProviderError(refused(error), false);
  }
  const reply = body as { access_token?: unknown; expires_in?: unknown };
  if (typeof reply.access_token !== 'string') {
    throw new MailProviderError(
      `${options.provider} answered the token request without a token`,
      true,
    );
  }
  const ttlS = typeof reply.expires_in === 'number' ? reply.expires_in : 3600;
  return { token: reply.access_token, ttlS };
}

/** A refusal the API answered as the connector's sentence; anything else as it was. */
export const providerError = (error: unknown, apiFailure: (error: HttpError) => Error) =>
  error instanceof HttpError ? apiFailure(error) : error;

/** A probe's answer: the message count `ask` gives, or the provider's refusal in words. */
export async function probeWith(
  ask: () => Promise<number | null>,
  apiFailure: (error: HttpError) => MailProviderError,
): Promise<ProbeResult> {
  try {
    return { ok: true, messageCount: await ask() };
  } catch (error) {
    const failure = providerError(error, apiFailure);
    if (failure instanceof MailProviderError) return { ok: false, reason: failure.message };
    throw failure;
  }
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the items' order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The cached bearer token of one credential: asked again shortly before it expires. */
export class TokenCache implements BearerSource {
  private cached: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly fetchToken: (signal: AbortSignal) => Promise<{ token: string; ttlS: number }>,
    private readonly now: () => Date,
  ) {}

  token(signal: AbortSignal): Promise<string> {
    // A minute's margin, so a token never expires between this check and the provider's.
    if (this.cached && this.cached.expiresAt - 60_000 > this.now().getTime()) {
      return Promise.resolve(this.cached.token);
    }
    // Concurrent calls share one token request.
    this.pending ??= this.fetchToken(signal)
      .then(({ token, ttlS }) => {
        this.cached = { token, expiresAt: this.now().getTime() + ttlS * 1000 };
        return token;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  invalidate(): void {
    this.cached = null;
  }
}
