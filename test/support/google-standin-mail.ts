import type { Reply } from './http-standin';

// The Gmail side of the Google stand-in: in-memory mailboxes with labels and a history, and the
// endpoints the connector uses, answering as the Gmail API documents them:
// users.messages.list (https://developers.google.com/gmail/api/reference/rest/v1/users.messages/list),
// users.messages.get, users.history.list
// (https://developers.google.com/gmail/api/reference/rest/v1/users.history/list),
// users.labels.list and users.getProfile.

export interface StandinMessageInput {
  /** internalDate. */
  at: Date;
  /**
   * When it reached the mailbox, if later than `at`: mail imported by a migration keeps its
   * Date header as internalDate (users.messages.import, internalDateSource dateHeader).
   */
  arrived?: Date;
  labelIds?: string[];
  threadId?: string;
  /**
   * Header name → value; only those asked for with metadataHeaders come back, and Bcc only on
   * the sender's copy (`sentCopy`).
   */
  headers?: Record<string, string>;
}

/**
 * Bcc is in the sender's copy alone: Gmail keeps the header in the message the mailbox sent
 * (labelled SENT, or DRAFT before it is) and users.messages.get returns it with the headers asked
 * for ("users.messages.get": https://developers.google.com/gmail/api/reference/rest/v1/users.messages/get);
 * a recipient's copy never holds one, since the sending server removes it (RFC 5322 3.6.3).
 */
const sentCopy = (labelIds: readonly string[], name: string) =>
  name.toLowerCase() !== 'bcc' || labelIds.includes('SENT') || labelIds.includes('DRAFT');

interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  internalDate: number;
  arrivedAt: number;
  headers: Record<string, string>;
  historyId: number;
}

type HistoryType = 'messageAdded' | 'messageDeleted' | 'labelAdded' | 'labelRemoved';

const HISTORY_KEYS: Record<HistoryType, string> = {
  messageAdded: 'messagesAdded',
  messageDeleted: 'messagesDeleted',
  labelAdded: 'labelsAdded',
  labelRemoved: 'labelsRemoved',
};

/** Gmail's system labels (users.labels: "Manage labels"); user labels get ids `Label_<n>`. */
const SYSTEM_LABELS = [
  'INBOX',
  'SENT',
  'DRAFT',
  'SPAM',
  'TRASH',
  'CHAT',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
];

/** A small seeded generator, so a shuffled page is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const random = seeded(seed);
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface HistoryRecord {
  id: number;
  type: HistoryType;
  messageId: string;
  labelIds: string[];
}

export const gmailError = (code: number, message: string, reason: string, status: string) => ({
  status: code,
  body: { error: { code, message, errors: [{ message, domain: 'global', reason }], status } },
});

const notFound = gmailError(404, 'Requested entity was not found.', 'notFound', 'NOT_FOUND');

/** Page tokens are offsets here; Gmail's are opaque, and the connector treats them so. */
const pageOf = <T>(items: readonly T[], query: URLSearchParams, fallback: number) => {
  const size = Math.min(500, Number(query.get('maxResults') ?? fallback));
  const offset = Number(Buffer.from(query.get('pageToken') ?? '', 'base64url').toString() || 0);
  const next = offset + size < items.length ? offset + size : null;
  return {
    offset,
    items: items.slice(offset, offset + size),
    nextPageToken: next === null ? undefined : Buffer.from(String(next)).toString('base64url'),
  };
};

export class GmailMailbox {
  readonly messages = new Map<string, StoredMessage>();
  private readonly history: HistoryRecord[] = [];
  private historyId = 1000;
  private oldestValidHistoryId = 0;
  private seq = 0;
  private readonly userLabels = new Map<string, string>();
  gmailEnabled = true;

  constructor(readonly email: string) {}

  private record(type: HistoryType, messageId: string, labelIds: string[]): number {
    // Gmail's ids grow with gaps; the connector must not assume +1.
    this.historyId += 7;
    this.history.push({ id: this.historyId, type, messageId, labelIds });
    return this.historyId;
  }

  add(input: StandinMessageInput): string {
    this.seq += 1;
    const id = `${this.email.split('@')[0]}-${this.seq.toString(16).padStart(8, '0')}`;
    const labelIds = input.labelIds ?? ['INBOX'];
    const message: StoredMessage = {
      id,
      threadId: input.threadId ?? id,
      labelIds,
      internalDate: input.at.getTime(),
      arrivedAt: (input.arrived ?? input.at).getTime(),
      headers: input.headers ?? {},
      historyId: 0,
    };
    message.historyId = this.record('messageAdded', id, labelIds);
    this.messages.set(id, message);
    return id;
  }

  relabel(id: string, change: { add?: string[]; remove?: string[] }): void {
    const message = this.messages.get(id);
    if (!message) throw new Error(`no message ${id}`);
    const add = (change.add ?? []).filter((label) => !message.labelIds.includes(label));
    const remove = (change.remove ?? []).filter((label) => message.labelIds.includes(label));
    message.labelIds = [...message.labelIds.filter((l) => !remove.includes(l)), ...add];
    if (add.length > 0) message.historyId = this.record('labelAdded', id, add);
    if (remove.length > 0) message.historyId = this.record('labelRemoved', id, remove);
  }

  /** A user label (a Gmail "label" made in the web app, a nested one named `Parent/Child`). */
  createLabel(name: string): string {
    const id = `Label_${this.userLabels.size + 1}`;
    this.userLabels.set(id, name);
    return id;
  }

  /** Deleted for good (emptied from the trash): history says messageDeleted. */
  delete(id: string): void {
    if (!this.messages.delete(id)) throw new Error(`no message ${id}`);
    this.record('messageDeleted', id, []);
  }

  /** From now on a start id older than the current one answers 404, as an expired one does. */
  expireHistory(): void {
    this.oldestValidHistoryId = this.historyId + 1;
  }

  profile(): Reply {
    return {
      status: 200,
      body: {
        emailAddress: this.email,
        messagesTotal: this.messages.size,
        threadsTotal: new Set([...this.messages.values()].map((m) => m.threadId)).size,
        historyId: String(this.historyId),
      },
    };
  }

  labels(): Reply {
    const system = SYSTEM_LABELS.map((id) => ({ id, name: id, type: 'system' }));
    const user = [...this.userLabels].map(([id, name]) => ({ id, name, type: 'user' }));
    return { status: 200, body: { labels: [...system, ...user] } };
  }

  /**
   * users.messages.list: `labelIds` keeps messages with all of them; SPAM and TRASH only with
   * `includeSpamTrash`; drafts and chats are messages like the others. The reference promises
   * no order: here the pages go newest first by arrival in the mailbox (imported mail comes with
   * the day it was imported, whatever its internalDate), and each page is shuffled. A client
   * may stop only when a whole page is older than it wants.
   */
  list(query: URLSearchParams, metadataScope: boolean): Reply {
    if (metadataScope && query.has('q')) {
      return gmailError(
        403,
        "Metadata scope does not support 'q' parameter",
        'forbidden',
        'PERMISSION_DENIED',
      );
    }
    const labels = query.getAll('labelIds');
    const hidden = query.get('includeSpamTrash') === 'true' ? [] : ['SPAM', 'TRASH'];
    const matching = [...this.messages.values()]
      .filter((m) => labels.every((label) => m.labelIds.includes(label)))
      .filter((m) => !m.labelIds.some((label) => hidden.includes(label)))
      .sort((a, b) => b.arrivedAt - a.arrivedAt || b.id.localeCompare(a.id));
    const page = pageOf(matching, query, 100);
    const order = shuffled(page.items, page.offset + this.email.length);
    return {
      status: 200,
      body: {
        messages: order.map(({ id, threadId }) => ({ id, threadId })),
        nextPageToken: page.nextPageToken,
        resultSizeEstimate: matching.length,
      },
    };
  }

  get(id: string, query: URLSearchParams, metadataScope: boolean): Reply {
    const message = this.messages.get(id);
    if (!message) return notFound;
    const format = query.get('format') ?? 'full';
    if (metadataScope && !['metadata', 'minimal'].includes(format)) {
      return gmailError(
        403,
        `Metadata scope doesn't allow format ${format.toUpperCase()}`,
        'forbidden',
        'PERMISSION_DENIED',
      );
    }
    const wanted = query.getAll('metadataHeaders').map((name) => name.toLowerCase());
    const headers = Object.entries(message.headers)
      .filter(([name]) => format !== 'minimal' && wanted.includes(name.toLowerCase()))
      .filter(([name]) => sentCopy(message.labelIds, name))
      .map(([name, value]) => ({ name, value }));
    return {
      status: 200,
      body: {
        id,
        threadId: message.threadId,
        labelIds: message.labelIds,
        historyId: String(message.historyId),
        internalDate: String(message.internalDate),
        sizeEstimate: 1024,
        payload: format === 'minimal' ? undefined : { mimeType: 'multipart/alternative', headers },
      },
    };
  }

  /**
   * users.history.list: records after `startHistoryId` of the asked `historyTypes`; ids grow
   * "with random gaps"; "an invalid or out of date startHistoryId typically returns an HTTP 404".
   */
  historyList(query: URLSearchParams): Reply {
    const start = Number(query.get('startHistoryId'));
    if (!query.get('startHistoryId') || Number.isNaN(start)) {
      return gmailError(400, 'Invalid startHistoryId', 'invalidArgument', 'INVALID_ARGUMENT');
    }
    if (start < this.oldestValidHistoryId) return notFound;
    const types = query.getAll('historyTypes');
    const records = this.history.filter(
      (record) => record.id > start && (types.length === 0 || types.includes(record.type)),
    );
    const page = pageOf(records, query, 100);
    const history = page.items.map((record) => {
      const message = this.messages.get(record.messageId);
      const ref = {
        id: record.messageId,
        threadId: message?.threadId,
        labelIds: message?.labelIds,
      };
      const key = HISTORY_KEYS[record.type];
      const change = record.type.startsWith('message')
        ? { [key]: [{ message: ref }] }
        : { [key]: [{ message: ref, labelIds: record.labelIds }] };
      return { id: String(record.id), messages: [ref], ...change };
    });
    return {
      status: 200,
      body: { history, nextPageToken: page.nextPageToken, historyId: String(this.historyId) },
    };
  }
}
