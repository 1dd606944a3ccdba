import type { Reply } from './http-standin';
import { FolderTree } from './graph-standin-folders';

// The mail side of the Microsoft Graph stand-in: in-memory mailboxes with Outlook's folders
// (test/support/graph-standin-folders.ts), messages that move between them, and message delta
// queries per folder as Graph documents them
// (https://learn.microsoft.com/en-us/graph/delta-query-messages): pages sized by
// `Prefer: odata.maxpagesize`, `@odata.nextLink` while a round runs and `@odata.deltaLink` at
// its end, the round's `$select` and `$filter` carried in the links' state tokens, a filter
// only on receivedDateTime, a message moved out of the folder or deleted reported as
// `{id, "@removed": {reason: "deleted"}}` (also when it does not match the filter), and 410
// for a state token that has expired.

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
  /** The immutable id (Prefer: IdType="ImmutableId"). */
  id: string;
  folderId: string;
  /** Moves so far: the default id changes with each one. */
  moves: number;
  /** The mailbox's change counter when the message last changed. */
  changed: number;
  fields: Record<string, unknown>;
}

/** A message that left a folder (moved or deleted), for that folder's next rounds. */
interface Removal {
  folderId: string;
  id: string;
  /** Its default id while it was in that folder. */
  defaultId: string;
  changed: number;
}

interface RoundState {
  generation: number;
  folderId: string;
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

/** How a reply names a message: by default an id that changes when the message moves. */
export type IdType = 'default' | 'immutable';

export class GraphMailbox {
  private readonly messages = new Map<string, StoredMessage>();
  private readonly removals: Removal[] = [];
  private changes = 0;
  private generation = 0;
  readonly folders: FolderTree;
  restEnabled = true;
  accessDenied = false;

  constructor(readonly email: string) {
    this.folders = new FolderTree(email, (folderId) => this.count(folderId));
  }

  /**
   * The id a reply gives: the immutable one when asked for, else one that changes on every
   * move ("the ID of an item changes when it is moved", hence Prefer: IdType="ImmutableId":
   * https://learn.microsoft.com/en-us/graph/outlook-immutable-id).
   */
  idOf(message: StoredMessage, type: IdType): string {
    return type === 'immutable' ? message.id : `AAMkAGI${message.id.slice(7)}-${message.moves}`;
  }

  private find(anyId: string): StoredMessage {
    const found =
      this.messages.get(anyId) ??
      [...this.messages.values()].find((m) => this.idOf(m, 'default') === anyId);
    if (!found) throw new Error(`no message ${anyId}`);
    return found;
  }

  private folderOf(nameOrId: string): string {
    const id = this.folders.id(nameOrId);
    if (!id) throw new Error(`no folder ${nameOrId}`);
    return id;
  }

  /** A message delivered into a folder (a well-known name or an id); returns its default id. */
  add(folder: string, input: GraphMessageInput): string {
    this.changes += 1;
    const id = `AAkALgA${Buffer.from(`${this.email}:${this.changes}`).toString('base64url')}`;
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
    const message = {
      id,
      folderId: this.folderOf(folder),
      moves: 0,
      changed: this.changes,
      fields,
    };
    this.messages.set(id, message);
    return this.idOf(message, 'default');
  }

  /** Moves a message (by either of its ids) to a folder, as Outlook does; returns its new id. */
  move(anyId: string, folder: string): string {
    const message = this.find(anyId);
    this.changes += 1;
    this.removals.push({
      folderId: message.folderId,
      id: message.id,
      defaultId: this.idOf(message, 'default'),
      changed: this.changes,
    });
    message.folderId = this.folderOf(folder);
    message.moves += 1;
    message.changed = this.changes;
    return this.idOf(message, 'default');
  }

  categorize(anyId: string, categories: string[]): void {
    const message = this.find(anyId);
    this.changes += 1;
    message.changed = this.changes;
    message.fields.categories = categories;
  }

  /** Every state token handed out so far answers 410 from now on. */
  expireDeltaLinks(): void {
    this.generation += 1;
  }

  count(folderId: string): number {
    return [...this.messages.values()].filter((m) => m.folderId === folderId).length;
  }

  /** The state a delta call goes on from, or the reply refusing it. */
  private roundState(folderId: string, query: URLSearchParams): RoundState | Reply {
    const token = query.get('$skiptoken') ?? query.get('$deltatoken');
    if (token !== null) {
      const decoded = decode(token);
      if (!decoded || decoded.folderId !== folderId) {
        return graphError(400, 'ErrorInvalidUrlQuery', 'Invalid state token');
      }
      if (decoded.generation !== this.generation) {
        return graphError(410, 'SyncStateNotFound', 'The sync state generation is not valid.');
      }
      // A delta token starts a new round from where the last one ended.
      return query.has('$deltatoken')
        ? { ...decoded, after: decoded.upTo, upTo: this.changes, offset: 0 }
        : decoded;
    }
    const select = (query.get('$select') ?? '').split(',').filter(Boolean);
    const unknown = select.find((field) => !SELECTABLE.has(field));
    if (unknown) {
      return graphError(
        400,
        'RequestBroker--ParseUri',
        `Could not find a property named '${unknown}'`,
      );
    }
    if (parseFilter(query.get('$filter')) === 'bad') {
      return graphError(
        400,
        'ErrorInvalidUrlQueryFilter',
        'The query filter contains one or more invalid nodes.',
      );
    }
    const filter = query.get('$filter');
    return {
      generation: this.generation,
      folderId,
      after: 0,
      upTo: this.changes,
      filter,
      select,
      offset: 0,
    };
  }

  /** The round's changes in order: messages now in the folder, and those that left it. */
  private roundItems(state: RoundState, idType: IdType) {
    const filter = parseFilter(state.filter);
    const inRange = (changed: number) => changed > state.after && changed <= state.upTo;
    const present = [...this.messages.values()]
      .filter((m) => m.folderId === state.folderId && inRange(m.changed))
      .filter(
        (m) =>
          typeof filter !== 'function' || filter(Date.parse(String(m.fields.receivedDateTime))),
      )
      .map((m) => ({
        changed: m.changed,
        message: m,
        id: this.idOf(m, idType),
      }));
    // A first round has nothing to remove; later ones report what left the folder.
    const removed = this.removals
      .filter((r) => state.after > 0 && r.folderId === state.folderId && inRange(r.changed))
      .filter((r) => this.messages.get(r.id)?.folderId !== state.folderId)
      .map((r) => ({
        changed: r.changed,
        message: null,
        id: idType === 'immutable' ? r.id : r.defaultId,
      }));
    return [...present, ...removed].sort((a, b) => a.changed - b.changed);
  }

  delta(
    folder: string,
    query: URLSearchParams,
    pageSize: number,
    linkBase: string,
    idType: IdType,
  ): Reply {
    const folderId = this.folders.id(folder);
    if (!folderId)
      return graphError(
        404,
        'ErrorItemNotFound',
        'The specified object was not found in the store.',
      );
    const state = this.roundState(folderId, query);
    if ('status' in state) return state;
    const round = this.roundItems(state, idType);
    const page = round.slice(state.offset, state.offset + pageSize);
    const more = state.offset + pageSize < round.length;
    const link = `${linkBase}/v1.0/users/${encodeURIComponent(this.email)}/mailFolders/${folder}/messages/delta`;
    const next = more
      ? {
          '@odata.nextLink': `${link}?$skiptoken=${encode({ ...state, offset: state.offset + pageSize })}`,
        }
      : { '@odata.deltaLink': `${link}?$deltatoken=${encode({ ...state, offset: 0 })}` };
    const value = page.map(({ message, id }) => {
      if (!message)
        return { '@odata.type': '#microsoft.graph.message', id, '@removed': { reason: 'deleted' } };
      const fields = state.select.length > 0 ? state.select : Object.keys(message.fields);
      return {
        '@odata.type': '#microsoft.graph.message',
        id: this.idOf(message, idType),
        ...Object.fromEntries(fields.filter((f) => f !== 'id').map((f) => [f, message.fields[f]])),
      };
    });
    return { status: 200, body: { '@odata.context': 'standin', value, ...next } };
  }
}
