import { callJson, HttpError, type CloudDeps } from './cloud-http';
import { GOOGLE_FAILURES, readErrorBody } from './cloud-failures';
import { MailProviderError, type MessageHeaders, type SyncedMessage } from './connector';
import type { GoogleTokens } from './google-auth';

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

/** A refusal of the Gmail API as a MailProviderError with a sentence where one is documented. */
export function apiFailure(error: HttpError): MailProviderError {
  const { code, reason, message } = readErrorBody(error.body);
  if (reason === 'failedPrecondition' || code === 'FAILED_PRECONDITION') {
    return new MailProviderError(GOOGLE_FAILURES.mailNotEnabled, false);
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

  private async get(mailbox: string, path: string, query: [string, string][], signal: AbortSignal) {
    const params = new URLSearchParams(query);
    const url = `${this.baseUrl}/gmail/v1/users/${encodeURIComponent(mailbox)}${path}?${params}`;
    return callJson(
      { url },
      {
        provider: 'Google',
        deps: this.deps,
        signal,
        bearer: this.tokens.for(mailbox),
        isRateLimited: (status, body) =>
          status === 403 && RATE_REASONS.has(readErrorBody(body).reason),
      },
    );
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

  /** A message's labels and headers; null when it was deleted since it was listed. */
  async metadata(mailbox: string, id: string, signal: AbortSignal): Promise<GmailMessage | null> {
    const query: [string, string][] = [['format', 'metadata']];
    for (const name of METADATA_HEADERS) query.push(['metadataHeaders', name]);
    try {
      return (await this.get(
        mailbox,
        `/messages/${encodeURIComponent(id)}`,
        query,
        signal,
      )) as GmailMessage;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
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
