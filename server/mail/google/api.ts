import {
  backoffMs,
  callJson,
  HttpError,
  MAX_RETRIES,
  MAX_WAIT_MS,
  retryAfterMs,
  unavailable,
  type CloudDeps,
} from '../cloud-http';
import { BATCH_PATH, BATCH_SIZE, decodeBatch, encodeBatch, type BatchPart } from './batch';
import { readErrorBody } from '../provider-errors';
import { GOOGLE_FAILURES } from './failures';
import { MailProviderError } from '../connector';
import type { GoogleTokens } from './auth';
import { METADATA_HEADERS, type GmailMessage } from './messages';
import { GMAIL_UNITS, QuotaPacer } from './quota';

// The Gmail API calls the sync makes. Each mailbox's calls go one at a time (one batch in flight:
// Gmail refuses a user's calls beyond a few at once with 429 "Too many concurrent requests for
// user"), each paced under the per-user quota first.

interface GmailProfile {
  messagesTotal: number;
  historyId: string;
}

interface HistoryPage {
  history?: {
    id: string;
    messagesAdded?: { message: { id: string } }[];
    messagesDeleted?: { message: { id: string } }[];
    labelsAdded?: { message: { id: string }; labelIds: string[] }[];
    labelsRemoved?: { message: { id: string }; labelIds: string[] }[];
  }[];
  nextPageToken?: string;
  historyId: string;
}

/** history.list answered 404: the start id is too old, so the mailbox must be read in full. */
export class HistoryExpiredError extends Error {
  override readonly name = 'HistoryExpiredError';
}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Gmail also says "slow down" with 403 and a rate-limit reason. */
const isRateLimited = (status: number, body: unknown) =>
  status === 403 && RATE_REASONS.has(readErrorBody(body).reason);

/** A batch part worth sending again: a rate limit, a server error, or a token to refresh. */
const isRetried = (part: BatchPart) =>
  part.status === 401 ||
  part.status === 429 ||
  part.status >= 500 ||
  isRateLimited(part.status, part.body);

const METADATA_QUERY: [string, string][] = [
  ['format', 'metadata'],
  ...METADATA_HEADERS.map((name): [string, string] => ['metadataHeaders', name]),
];

/** A refusal of the Gmail API as a MailProviderError with a sentence where one is documented. */
export function apiFailure(error: HttpError): MailProviderError {
  const { code, reason, message } = readErrorBody(error.body);
  if (reason === 'failedPrecondition' || code === 'FAILED_PRECONDITION') {
    return new MailProviderError(GOOGLE_FAILURES.mailNotEnabled, false);
  }
  if (reason === 'accessNotConfigured') {
    return new MailProviderError(GOOGLE_FAILURES.apiDisabled, false);
  }
  if (error.status === 403 && /delegation denied/i.test(message)) {
    return new MailProviderError(GOOGLE_FAILURES.delegationDenied, false);
  }
  return new MailProviderError(`Gmail refused the request (${error.status}: ${message})`, false);
}

export class GmailApi {
  private readonly pacers = new Map<string, QuotaPacer>();

  constructor(
    private readonly baseUrl: string,
    private readonly tokens: GoogleTokens,
    private readonly deps: CloudDeps,
    private readonly quotaPerMinute: number,
  ) {}

  /** The mailbox's pacer: the quota is per user, so each mailbox has its own. */
  private pacer(mailbox: string): QuotaPacer {
    let pacer = this.pacers.get(mailbox);
    if (!pacer) {
      pacer = new QuotaPacer(this.quotaPerMinute, this.deps);
      this.pacers.set(mailbox, pacer);
    }
    return pacer;
  }

  private options(mailbox: string, signal: AbortSignal, units: number) {
    const pacer = this.pacer(mailbox);
    return {
      provider: 'Google',
      deps: this.deps,
      signal,
      bearer: this.tokens.for(mailbox),
      isRateLimited,
      pace: () => pacer.take(units, signal),
      onRateLimited: () => pacer.drain(),
    };
  }

  /** The path of a call on the mailbox, from /gmail/v1 on. */
  private path(mailbox: string, path: string, query: [string, string][]) {
    return `/gmail/v1/users/${encodeURIComponent(mailbox)}${path}?${new URLSearchParams(query)}`;
  }

  private get(
    mailbox: string,
    call: { path: string; query: [string, string][]; units: number },
    signal: AbortSignal,
  ) {
    const url = `${this.baseUrl}${this.path(mailbox, call.path, call.query)}`;
    return callJson({ url }, this.options(mailbox, signal, call.units));
  }

  async profile(mailbox: string, signal: AbortSignal): Promise<GmailProfile> {
    const call = { path: '/profile', query: [], units: GMAIL_UNITS.getProfile };
    const reply = (await this.get(mailbox, call, signal)) as GmailProfile;
    return { messagesTotal: reply.messagesTotal, historyId: String(reply.historyId) };
  }

  /** The mailbox's user labels by id (`Label_12` → `Customers/Acme`). */
  async labelNames(mailbox: string, signal: AbortSignal): Promise<Map<string, string>> {
    const call = { path: '/labels', query: [], units: GMAIL_UNITS.labelsList };
    const reply = (await this.get(mailbox, call, signal)) as {
      labels?: { id: string; name: string; type?: string }[];
    };
    const user = (reply.labels ?? []).filter((label) => label.type === 'user');
    return new Map(user.map((label) => [label.id, label.name]));
  }

  /**
   * One page of all the mailbox's mail (no label filter), spam and trash only when asked, 500
   * ids, in an order Gmail does not document.
   */
  async listPage(
    mailbox: string,
    pageToken: string | null,
    spamTrash: boolean,
    signal: AbortSignal,
  ) {
    const query: [string, string][] = [
      ['maxResults', '500'],
      ['includeSpamTrash', String(spamTrash)],
    ];
    if (pageToken) query.push(['pageToken', pageToken]);
    const call = { path: '/messages', query, units: GMAIL_UNITS.messagesList };
    const reply = (await this.get(mailbox, call, signal)) as {
      messages?: { id: string }[];
      nextPageToken?: string;
    };
    return { ids: (reply.messages ?? []).map((m) => m.id), nextPageToken: reply.nextPageToken };
  }

  /**
   * Each message's labels and headers (null: deleted since it was listed), in the order of
   * `ids`: BATCH_SIZE a batch call, one batch after another.
   */
  async metadata(mailbox: string, ids: readonly string[], signal: AbortSignal) {
    const results: (GmailMessage | null)[] = [];
    for (let i = 0; i < ids.length; i += BATCH_SIZE) {
      results.push(...(await this.metadataBatch(mailbox, ids.slice(i, i + BATCH_SIZE), signal)));
    }
    return results;
  }

  /** One batch call, then again for the parts Google asked to retry (rate limits, 5xx, 401). */
  private async metadataBatch(mailbox: string, ids: readonly string[], signal: AbortSignal) {
    const results = new Array<GmailMessage | null>(ids.length).fill(null);
    let pending = ids.map((id, index) => ({ id, index }));
    for (let retry = 0; pending.length > 0; retry += 1) {
      const batch = encodeBatch(
        pending.map(({ id }) =>
          this.path(mailbox, `/messages/${encodeURIComponent(id)}`, METADATA_QUERY),
        ),
      );
      const url = `${this.baseUrl}${BATCH_PATH}`;
      const units = pending.length * GMAIL_UNITS.messagesGet;
      const reply = await callJson(
        { url, method: 'POST', body: batch },
        this.options(mailbox, signal, units),
      );
      const parts = decodeBatch(typeof reply === 'string' ? reply : '', pending.length);
      const again: typeof pending = [];
      pending.forEach((item, i) => {
        const part = parts[i]!;
        if (isRetried(part)) again.push(item);
        else if (part.status < 300) results[item.index] = part.body as GmailMessage;
        // A 404 part: the message was deleted since it was listed, so it stays null.
        else if (part.status !== 404) throw new HttpError(part.status, part.body);
      });
      if (again.length === 0) break;
      if (retry >= MAX_RETRIES) throw new MailProviderError(unavailable('Google'), true);
      await this.waitToRetry(mailbox, parts, retry, signal);
      pending = again;
    }
    return results;
  }

  /** Before parts are sent again: as long as Google asked, else a backoff with jitter. */
  private async waitToRetry(
    mailbox: string,
    parts: readonly BatchPart[],
    retry: number,
    signal: AbortSignal,
  ) {
    if (parts.some((part) => part.status === 401)) this.tokens.for(mailbox).invalidate();
    if (parts.some((part) => part.status !== 401 && isRetried(part))) this.pacer(mailbox).drain();
    const asked = parts.map((part) => retryAfterMs(part.retryAfter, this.deps.now()) ?? 0);
    const delay = Math.max(...asked) || backoffMs(retry, this.deps.random);
    if (delay > MAX_WAIT_MS) throw new MailProviderError(unavailable('Google'), true);
    await this.deps.sleep(delay, signal);
  }

  async historyPage(
    mailbox: string,
    startHistoryId: string,
    pageToken: string | null,
    signal: AbortSignal,
  ) {
    const query: [string, string][] = [
      ['startHistoryId', startHistoryId],
      ['historyTypes', 'messageAdded'],
      ['historyTypes', 'messageDeleted'],
      ['historyTypes', 'labelAdded'],
      ['historyTypes', 'labelRemoved'],
      ['maxResults', '500'],
    ];
    if (pageToken) query.push(['pageToken', pageToken]);
    try {
      const call = { path: '/history', query, units: GMAIL_UNITS.historyList };
      return (await this.get(mailbox, call, signal)) as HistoryPage;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HistoryExpiredError();
      throw error;
    }
  }
}
