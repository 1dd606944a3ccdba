import {
  backoffMs,
  callJson,
  HttpError,
  mapBounded,
  MAX_RETRIES,
  MAX_WAIT_MS,
  retryAfterMs,
  unavailable,
  type CloudDeps,
} from '../cloud-http';
import { BATCH_PATH, BATCH_SIZE, decodeBatch, encodeBatch, type BatchPart } from './batch';
import { readErrorBody } from '../provider-errors';
import { GOOGLE_FAILURES } from './failures';
import { MailProviderError, type MessageHeaders, type SyncedMessage } from '../connector';
import type { GoogleTokens } from './auth';

// The Gmail API calls the sync makes, and a Gmail message as a SyncedMessage. With the
// gmail.metadata scope Gmail gives labels and the headers asked for, never bodies.

const METADATA_HEADERS = [
  'From',
  'To',
  'Cc',
  'Subject',
  'Message-ID',
  'In-Reply-To',
  'References',
  'Auto-Submitted',
  'Precedence',
  'List-Id',
] as const;

export interface GmailMessage {
  id: string;
  threadId: string;
  labelIds?: string[];
  internalDate: string;
  payload?: { headers?: { name: string; value: string }[] };
}

interface GmailProfile {
  messagesTotal: number;
  historyId: string;
}

interface HistoryPage {
  history?: {
    id: string;
    messagesAdded?: { message: { id: string } }[];
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

/** BATCH_SIZE calls each, so four batches keep up to 200 messages in flight. */
const BATCHES_IN_FLIGHT = 4;

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

function headersOf(message: GmailMessage): MessageHeaders {
  const byName = new Map<string, string>();
  for (const { name, value } of message.payload?.headers ?? []) {
    const key = name.toLowerCase();
    if (!byName.has(key)) byName.set(key, value);
  }
  const get = (name: string) => byName.get(name.toLowerCase()) ?? null;
  return {
    from: get('From'),
    to: get('To'),
    cc: get('Cc'),
    subject: get('Subject'),
    messageId: get('Message-ID'),
    inReplyTo: get('In-Reply-To'),
    references: get('References'),
    autoSubmitted: get('Auto-Submitted'),
    precedence: get('Precedence'),
    listId: get('List-Id'),
  };
}

export function toSyncedMessage(message: GmailMessage): SyncedMessage {
  const labels = message.labelIds ?? [];
  return {
    providerId: message.id,
    threadKey: message.threadId,
    folder: null,
    labels,
    categories: [],
    inSentFolder: labels.includes('SENT'),
    sentAt: new Date(Number(message.internalDate)),
    headers: headersOf(message),
  };
}

export class GmailApi {
  constructor(
    private readonly baseUrl: string,
    private readonly tokens: GoogleTokens,
    private readonly deps: CloudDeps,
  ) {}

  private options(mailbox: string, signal: AbortSignal) {
    return {
      provider: 'Google',
      deps: this.deps,
      signal,
      bearer: this.tokens.for(mailbox),
      isRateLimited,
    };
  }

  /** The path of a call on the mailbox, from /gmail/v1 on. */
  private path(mailbox: string, path: string, query: [string, string][]) {
    return `/gmail/v1/users/${encodeURIComponent(mailbox)}${path}?${new URLSearchParams(query)}`;
  }

  private get(mailbox: string, path: string, query: [string, string][], signal: AbortSignal) {
    const url = `${this.baseUrl}${this.path(mailbox, path, query)}`;
    return callJson({ url }, this.options(mailbox, signal));
  }

  async profile(mailbox: string, signal: AbortSignal): Promise<GmailProfile> {
    const reply = (await this.get(mailbox, '/profile', [], signal)) as GmailProfile;
    return { messagesTotal: reply.messagesTotal, historyId: String(reply.historyId) };
  }

  /** One page of a label, newest first (labelIds means all of them, so one label a list). */
  async listPage(mailbox: string, label: string, pageToken: string | null, signal: AbortSignal) {
    const query: [string, string][] = [
      ['labelIds', label],
      ['maxResults', '500'],
    ];
    if (pageToken) query.push(['pageToken', pageToken]);
    const reply = (await this.get(mailbox, '/messages', query, signal)) as {
      messages?: { id: string }[];
      nextPageToken?: string;
    };
    return { ids: (reply.messages ?? []).map((m) => m.id), nextPageToken: reply.nextPageToken };
  }

  /**
   * Each message's labels and headers (null: deleted since it was listed), in the order of
   * `ids`, BATCH_SIZE a batch call and a few batches at once.
   */
  async metadata(mailbox: string, ids: readonly string[], signal: AbortSignal) {
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH_SIZE) chunks.push(ids.slice(i, i + BATCH_SIZE));
    const fetched = await mapBounded(chunks, BATCHES_IN_FLIGHT, (chunk) =>
      this.metadataBatch(mailbox, chunk, signal),
    );
    return fetched.flat();
  }

  /** One batch call, then again for the parts Google asked to retry (rate limits, 5xx, 401). */
  private async metadataBatch(mailbox: string, ids: readonly string[], signal: AbortSignal) {
    const results = new Array<GmailMessage | null>(ids.length).fill(null);
    let pending = ids.map((id, index) => ({ id, index }));
    const bearer = this.tokens.for(mailbox);
    for (let retry = 0; pending.length > 0; retry += 1) {
      const batch = encodeBatch(
        pending.map(({ id }) =>
          this.path(mailbox, `/messages/${encodeURIComponent(id)}`, METADATA_QUERY),
        ),
      );
      const url = `${this.baseUrl}${BATCH_PATH}`;
      const reply = await callJson(
        { url, method: 'POST', body: batch },
        this.options(mailbox, signal),
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
      if (parts.some((part) => part.status === 401)) bearer.invalidate();
      const asked = parts.map((part) => retryAfterMs(part.retryAfter, this.deps.now()) ?? 0);
      const delay = Math.max(...asked) || backoffMs(retry);
      if (delay > MAX_WAIT_MS) throw new MailProviderError(unavailable('Google'), true);
      await this.deps.sleep(delay, signal);
      pending = again;
    }
    return results;
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
      ['historyTypes', 'labelAdded'],
      ['historyTypes', 'labelRemoved'],
      ['maxResults', '500'],
    ];
    if (pageToken) query.push(['pageToken', pageToken]);
    try {
      return (await this.get(mailbox, '/history', query, signal)) as HistoryPage;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HistoryExpiredError();
      throw error;
    }
  }
}
