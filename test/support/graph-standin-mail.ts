import type { Reply } from './http-standin';

// The mail side of the Microsoft Graph stand-in: in-memory mailboxes with an inbox and sent
// items, and message delta queries as Graph documents them: pages sized by
// `Prefer: odata.maxpagesize`, `@odata.nextLink` while a round runs and `@odata.deltaLink` at
// its end, the round's `$select` and `$filter` carried in the links' state tokens, a filter
// only on receivedDateTime, and 410 for a state token that has expired.

export type GraphFolderName = 'inbox' | 'sentitems';

interface Recipient {
  name?: string;
  address: string;
}

export interface GraphMessageInput {
  received: Date;
  sent?: Date;
  from: Recipient;
  to?: Recipient[];
  cc?: Recipient[];
  subject?: string;
  conversationId?: string;
  internetMessageId?: string;
  categories?: string[];
  /** Internet headers (In-Reply-To, List-Id …). */
  headers?: Record<string, string>;
}

interface StoredMessage {
  id: string;
  folder: GraphFolderName;
  /** The mailbox's change counter when the message last changed. */
  changed: number;
  fields: Record<string, unknown>;
}

interface RoundState {
  generation: number;
  folder: GraphFolderName;
  /** Changes after this counter value belong to the round. */
  after: number;
  /** …up to this one, the counter when the round began. */
  upTo: number;
  filter: string | null;
  select: string[];
  offset: number;
}

const SELECTABLE = new Set([
  'id',
  'conversationId',
  'internetMessageId',
  'receivedDateTime',
  'sentDateTime',
  'from',
  'sender',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'subject',
  'categories',
  'internetMessageHeaders',
  'isRead',
  'parentFolderId',
  'body',
  'bodyPreview',
  'hasAttachments',
]);

export const graphError = (status: number, code: string, message: string): Reply => ({
  status,
  body: {
    error: {
      code,
      message,
      innerError: { 'request-id': 'standin', date: new Date().toISOString() },
    },
  },
});

const encode = (state: RoundState) => Buffer.from(JSON.stringify(state)).toString('base64url');
const decode = (token: string): RoundState | null => {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString()) as RoundState;
  } catch {
    return null;
  }
};

const recipient = ({ name, address }: Recipient) => ({
  emailAddress: { name: name ?? address, address },
});

/** `receivedDateTime ge|gt <ISO>`: the only filter message delta supports. */
function parseFilter(filter: string | null): ((received: number) => boolean) | null | 'bad' {
  if (filter === null) return null;
  const match = /^receivedDateTime (ge|gt) (\S+)$/.exec(filter.trim());
  const at = match ? Date.parse(match[2] ?? '') : NaN;
  if (!match || Number.isNaN(at)) return 'bad';
  return match[1] === 'ge' ? (received) => received >= at : (received) => received > at;
}

export class GraphMailbox {
  private readonly messages = new Map<string, StoredMessage>();
  private changes = 0;
  private generation = 0;
  restEnabled = true;
  accessDenied = false;

  constructor(readonly email: string) {}

  add(folder: GraphFolderName, input: GraphMessageInput): string {
    this.changes += 1;
    const id = `AAMk${Buffer.from(`${this.email}:${this.changes}`).toString('base64url')}`;
    const fields: Record<string, unknown> = {
      conversationId: input.conversationId ?? `conv-${id}`,
      internetMessageId: input.internetMessageId ?? `<${id}@standin.example>`,
      receivedDateTime: input.received.toISOString().replace(/\.\d+Z$/, 'Z'),
      sentDateTime: (input.sent ?? input.received).toISOString().replace(/\.\d+Z$/, 'Z'),
      from: recipient(input.from),
      toRecipients: (input.to ?? []).map(recipient),
      ccRecipients: (input.cc ?? []).map(recipient),
      subject: input.subject ?? '',
      categories: input.categories ?? [],
      internetMessageHeaders: Object.entries(input.headers ?? {}).map(([name, value]) => ({
        name,
        value,
      })),
      body: { contentType: 'text', content: 'never synced' },
    };
    this.messages.set(id, { id, folder, changed: this.changes, fields });
    return id;
  }

  categorize(id: string, categories: string[]): void {
    const message = this.messages.get(id);
    if (!message) throw new Error(`no message ${id}`);
    this.changes += 1;
    message.changed = this.changes;
    message.fields.categories = categories;
  }

  /** Every state token handed out so far answers 410 from now on. */
  expireDeltaLinks(): void {
    this.generation += 1;
  }

  count(folder: GraphFolderName): number {
    return [...this.messages.values()].filter((m) => m.folder === folder).length;
  }

  delta(
    folder: GraphFolderName,
    query: URLSearchParams,
    pageSize: number,
    linkBase: string,
  ): Reply {
    const token = query.get('$skiptoken') ?? query.get('$deltatoken');
    let state: RoundState;
    if (token !== null) {
      const decoded = decode(token);
      if (!decoded || decoded.folder !== folder)
        return graphError(400, 'ErrorInvalidUrlQuery', 'Invalid state token');
      if (decoded.generation !== this.generation) {
        return graphError(410, 'SyncStateNotFound', 'The sync state generation is not valid.');
      }
      // A delta token starts a new round from where the last one ended.
      state = query.has('$deltatoken')
        ? { ...decoded, after: decoded.upTo, upTo: this.changes, offset: 0 }
        : decoded;
    } else {
      const select = (query.get('$select') ?? '').split(',').filter(Boolean);
      const unknown = select.find((field) => !SELECTABLE.has(field));
      if (unknown)
        return graphError(
          400,
          'RequestBroker--ParseUri',
          `Could not find a property named '${unknown}'`,
        );
      if (parseFilter(query.get('$filter')) === 'bad') {
        return graphError(
          400,
          'ErrorInvalidUrlQueryFilter',
          'The query filter contains one or more invalid nodes.',
        );
      }
      state = {
        generation: this.generation,
        folder,
        after: 0,
        upTo: this.changes,
        filter: query.get('$filter'),
        select,
        offset: 0,
      };
    }
    const filter = parseFilter(state.filter);
    const round = [...this.messages.values()]
      .filter((m) => m.folder === folder && m.changed > state.after && m.changed <= state.upTo)
      .filter(
        (m) =>
          typeof filter !== 'function' || filter(Date.parse(String(m.fields.receivedDateTime))),
      )
      .sort((a, b) => a.changed - b.changed);
    const page = round.slice(state.offset, state.offset + pageSize);
    const more = state.offset + pageSize < round.length;
    const link = `${linkBase}/v1.0/users/${encodeURIComponent(this.email)}/mailFolders/${folder}/messages/delta`;
    const next = more
      ? {
          '@odata.nextLink': `${link}?$skiptoken=${encode({ ...state, offset: state.offset + pageSize })}`,
        }
      : { '@odata.deltaLink': `${link}?$deltatoken=${encode({ ...state, offset: 0 })}` };
    const fields = state.select.length > 0 ? state.select : Object.keys(page[0]?.fields ?? {});
    const value = page.map((m) => ({
      '@odata.type': '#microsoft.graph.message',
      id: m.id,
      ...Object.fromEntries(fields.filter((f) => f !== 'id').map((f) => [f, m.fields[f]])),
    }));
    return { status: 200, body: { '@odata.context': 'standin', value, ...next } };
  }
}
