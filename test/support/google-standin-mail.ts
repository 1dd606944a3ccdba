import type { Reply } from './http-standin';

// The Gmail side of the Google stand-in: in-memory mailboxes with labels and a history, and the
// four endpoints the connector uses, answering as the Gmail API documents them.

export interface StandinMessageInput {
  at: Date;
  labelIds?: string[];
  threadId?: string;
  /** Header name → value; only those asked for with metadataHeaders come back. */
  headers?: Record<string, string>;
}

interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  internalDate: number;
  headers: Record<string, string>;
  historyId: number;
}

type HistoryType = 'messageAdded' | 'labelAdded' | 'labelRemoved';

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
      .sort((a, b) => b.internalDate - a.internalDate || b.id.localeCompare(a.id));
    const page = pageOf(matching, query, 100);
    return {
      status: 200,
      body: {
        messages: page.items.map(({ id, threadId }) => ({ id, threadId })),
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
      const change =
        record.type === 'messageAdded'
          ? { messagesAdded: [{ message: ref }] }
          : {
              [record.type === 'labelAdded' ? 'labelsAdded' : 'labelsRemoved']: [
                { message: ref, labelIds: record.labelIds },
              ],
            };
      return { id: String(record.id), messages: [ref], ...change };
    });
    return {
      status: 200,
      body: { history, nextPageToken: page.nextPageToken, historyId: String(this.historyId) },
    };
  }
}
