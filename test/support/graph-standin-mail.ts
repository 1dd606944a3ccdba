import type { Reply } from './http-standin';
import { FolderTree, graphError, itemNotFound, type GraphFolder } from './graph-standin-folders';

// The mail of one mailbox in the Microsoft Graph stand-in: messages in a folder tree, and every
// change to them in order (created in a folder, moved, properties updated, deleted), which the
// delta queries (graph-standin-delta.ts) are answered from.
//
// Ids as Graph gives them: a message's id changes when it moves to another folder, unless the
// request says `Prefer: IdType="ImmutableId"`, whose ids stay for the item's life in the mailbox
// ("Obtain immutable identifiers for Outlook resources":
// https://learn.microsoft.com/graph/outlook-immutable-id).

export { graphError } from './graph-standin-folders';

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
  /**
   * The `bccRecipients` property ("message resource type":
   * https://learn.microsoft.com/graph/api/resources/message): set on the sender's copy, a sent
   * item; a received message has none (the sending server removes Bcc, RFC 5322 3.6.3).
   */
  bcc?: Recipient[];
  subject?: string;
  conversationId?: string;
  internetMessageId?: string;
  categories?: string[];
  /** Internet headers (In-Reply-To, List-Id …), as received: sent items have none. */
  headers?: Record<string, string>;
  /**
   * The replyTo property, which Graph gives for sent items too ("message resource type":
   * https://learn.microsoft.com/graph/api/resources/message).
   */
  replyTo?: Recipient[];
  /**
   * The item's type, derived from message: `eventMessageResponse` for an answer to a meeting
   * invitation, `eventMessageRequest` for an invitation, `eventMessage` (the base of both) for a
   * cancellation ("eventMessage resource type":
   * https://learn.microsoft.com/graph/api/resources/eventmessage).
   */
  type?: 'message' | 'eventMessage' | 'eventMessageRequest' | 'eventMessageResponse';
  /**
   * An event message's `meetingMessageType` (`meetingCancelled` …): a property of the derived
   * type, so returned only when nothing is `$select`ed, as by Graph.
   */
  meetingMessageType?: string;
  /** A draft (`isDraft`), saved in whatever folder the test says. */
  draft?: boolean;
}

export interface StoredMessage {
  seq: number;
  immutableId: string;
  /** Moves so far: the regular id names the message in its folder. */
  moves: number;
  /** Where it has been: its folder from each change on, null once deleted. */
  places: { at: number; folderId: string | null }[];
  /** The properties each update changed. */
  updates: { at: number; props: string[] }[];
  fields: Record<string, unknown>;
  /** Returned as `@odata.type`. */
  type: string;
}

export interface ExpiredAnswer {
  status: number;
  code: string;
}

const recipient = ({ name, address }: Recipient) => ({
  emailAddress: { name: name ?? address, address },
});
const iso = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');

export class GraphMailbox {
  readonly folders: FolderTree;
  readonly messages = new Map<string, StoredMessage>();
  /** The change counter: each change to a message takes the next value. */
  changes = 0;
  /** Delta tokens of an older generation are expired. */
  generation = 0;
  expiredAnswer: ExpiredAnswer = { status: 410, code: 'SyncStateNotFound' };
  /** The next round of each folder's delta repeats the previous round's changes. */
  replay = false;
  restEnabled = true;
  /**
   * Server-side paging, by folder id: each next list of the folder's messages answers at most
   * this many (0 too) with a next link, whatever its $top ("a page of results may contain zero
   * or more results", https://learn.microsoft.com/graph/paging).
   */
  readonly serverPageSizes = new Map<string, number[]>();
  accessDenied = false;

  constructor(readonly email: string) {
    this.folders = new FolderTree(email);
  }

  private folderId(ref: string): string {
    const folder = this.folders.find(ref);
    if (!folder) throw new Error(`no folder ${ref} in ${this.email}`);
    return folder.id;
  }

  /** A message in `folder` (a well-known name, a display path or an id); its immutable id. */
  add(folder: string, input: GraphMessageInput): string {
    this.changes += 1;
    const seq = this.messages.size + 1;
    const immutableId = `AAkAL${Buffer.from(`${this.email}:${seq}`).toString('base64url')}`;
    const fields: Record<string, unknown> = {
      conversationId: input.conversationId ?? `conv-${immutableId}`,
      internetMessageId: input.internetMessageId ?? `<${immutableId}@standin.example>`,
      receivedDateTime: iso(input.received),
      sentDateTime: iso(input.sent ?? input.received),
      from: recipient(input.from),
      toRecipients: (input.to ?? []).map(recipient),
      ccRecipients: (input.cc ?? []).map(recipient),
      bccRecipients: (input.bcc ?? []).map(recipient),
      replyTo: (input.replyTo ?? []).map(recipient),
      subject: input.subject ?? '',
      categories: input.categories ?? [],
      isRead: false,
      isDraft: input.draft ?? false,
      internetMessageHeaders: Object.entries(input.headers ?? {}).map(([name, value]) => ({
        name,
        value,
      })),
      body: { contentType: 'text', content: 'never synced' },
      ...(input.meetingMessageType ? { meetingMessageType: input.meetingMessageType } : {}),
    };
    const places = [{ at: this.changes, folderId: this.folderId(folder) }];
    const type = `#microsoft.graph.${input.type ?? 'message'}`;
    this.messages.set(immutableId, {
      seq,
      immutableId,
      moves: 0,
      places,
      updates: [],
      fields,
      type,
    });
    return immutableId;
  }

  private stored(id: string): StoredMessage {
    const message = this.lookup(id);
    if (!message) throw new Error(`no message ${id}`);
    return message;
  }

  createFolder(path: string): string {
    return this.folders.create(path);
  }

  /** Moved to another folder: its regular id changes, its immutable one does not. */
  move(id: string, folder: string): void {
    const message = this.stored(id);
    this.changes += 1;
    message.moves += 1;
    message.places.push({ at: this.changes, folderId: this.folderId(folder) });
  }

  /** Deleted for good (shift-delete, or emptied from Deleted Items). */
  delete(id: string): void {
    const message = this.stored(id);
    this.changes += 1;
    message.places.push({ at: this.changes, folderId: null });
  }

  private update(id: string, props: Record<string, unknown>): void {
    const message = this.stored(id);
    this.changes += 1;
    Object.assign(message.fields, props);
    message.updates.push({ at: this.changes, props: Object.keys(props) });
  }

  categorize(id: string, categories: string[]): void {
    this.update(id, { categories });
  }

  markRead(id: string): void {
    this.update(id, { isRead: true });
  }

  /** Every state token handed out so far answers `answer` from now on. */
  expireDeltaLinks(answer: ExpiredAnswer = { status: 410, code: 'SyncStateNotFound' }): void {
    this.generation += 1;
    this.expiredAnswer = answer;
  }

  /** The message's folder at change `at` (now when absent); null when it was not there. */
  folderAt(message: StoredMessage, at = this.changes): string | null | undefined {
    return message.places.filter((place) => place.at <= at).at(-1)?.folderId;
  }

  /** The regular id: it names the message in its folder, so each move gives it a new one. */
  regularId(message: StoredMessage, moves = message.moves): string {
    return `AAMk${Buffer.from(`${this.email}:${message.seq}:${moves}`).toString('base64url')}`;
  }

  /** By immutable id, or by the regular id it has now (an id from before a move is not found). */
  lookup(id: string): StoredMessage | undefined {
    const byImmutable = this.messages.get(id);
    if (byImmutable) return byImmutable;
    return [...this.messages.values()].find((message) => this.regularId(message) === id);
  }

  inFolder(folderId: string): StoredMessage[] {
    return [...this.messages.values()].filter((m) => this.folderAt(m) === folderId);
  }

  /**
   * The message as Graph returns it: `id` by the request's id type, the `$select`ed properties
   * (all when none), and `internetMessageHeaders` not for sent items, which never crossed a
   * transport ("EWS, MIME, and the missing Internet message headers":
   * https://learn.microsoft.com/exchange/client-developer/exchange-web-services/ews-mime-and-the-missing-internet-message-headers).
   */
  represent(
    message: StoredMessage,
    select: readonly string[],
    immutable: boolean,
    only?: string[],
  ) {
    const folderId = this.folderAt(message) ?? null;
    const sent = folderId !== null && this.folders.find('sentitems')?.id === folderId;
    const all = { ...message.fields, parentFolderId: folderId };
    const wanted = (only ?? (select.length > 0 ? select : Object.keys(all))).filter(
      (name) => name !== 'id' && !(sent && name === 'internetMessageHeaders'),
    );
    return {
      '@odata.type': message.type,
      id: immutable ? message.immutableId : this.regularId(message),
      ...Object.fromEntries(wanted.map((name) => [name, all[name as keyof typeof all]])),
    };
  }

  folderAnswer(folder: GraphFolder): Reply {
    const children = this.folders.children(folder.id, true).length;
    return {
      status: 200,
      body: {
        id: folder.id,
        displayName: folder.displayName,
        parentFolderId: folder.parentId,
        childFolderCount: children,
        totalItemCount: this.inFolder(folder.id).length,
        unreadItemCount: this.inFolder(folder.id).filter((m) => m.fields.isRead === false).length,
        isHidden: folder.isHidden,
      },
    };
  }

  /** GET /messages/{id}: the message wherever it is, or 404 as Graph answers. */
  getMessage(id: string, select: readonly string[], immutable: boolean): Reply {
    const message = this.lookup(id);
    if (!message || this.folderAt(message) === null) return itemNotFound();
    return { status: 200, body: this.represent(message, select, immutable) };
  }

  count(folder: string): number {
    return this.inFolder(this.folderId(folder)).length;
  }
}

export const badSelect = (name: string) =>
  graphError(400, 'RequestBroker--ParseUri', `Could not find a property named '${name}'`);
