import type { FetchMessageObject, FetchQueryObject, MessageStructureObject } from 'imapflow';
import { createHash } from 'node:crypto';
import {
  AUTO_REPLY_HEADERS,
  autoReplyOf,
  type MessageHeaders,
  type SyncedMessage,
} from '../connector';

// What the IMAP connector needs besides the connection: what it fetches of a message (header
// fields, flags and body structure), and turning what was fetched into messages.

/** The header fields fetched (BODY.PEEK[HEADER.FIELDS (…)], in FETCH_QUERY): never bodies. */
const HEADER_FIELDS = [
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'auto-submitted',
  'precedence',
  'list-id',
  'content-type',
  'list-unsubscribe',
  'x-original-from',
  'return-path',
  ...AUTO_REPLY_HEADERS.map((name) => name.toLowerCase()),
  'reply-to',
];

/**
 * What a sync fetches of each message: its UID, INTERNALDATE, flags (for \Draft), those header
 * fields, and its body structure (the parts' media types, never their content), for a meeting
 * response's or cancellation's calendar.
 */
export const FETCH_QUERY = {
  uid: true,
  internalDate: true,
  flags: true,
  headers: HEADER_FIELDS,
  bodyStructure: true,
} satisfies FetchQueryObject;

/**
 * The iCalendar method of the message's calendar (a `text/calendar` part's `method` parameter,
 * RFC 6047 2.4), upper-cased: REPLY answers an invitation (accepted, tentatively accepted or
 * declined), CANCEL cancels a meeting. A message forwarded inside it (`message/rfc822`) is not
 * looked into.
 */
function calendarMethod(node: MessageStructureObject | undefined): string | null {
  if (!node) return null;
  if (node.type.toLowerCase() === 'text/calendar') {
    const method = Object.entries(node.parameters ?? {}).find(
      ([key]) => key.toLowerCase() === 'method',
    );
    return method?.[1].trim().toUpperCase() ?? null;
  }
  if (!node.type.toLowerCase().startsWith('multipart/')) return null;
  for (const child of node.childNodes ?? []) {
    const method = calendarMethod(child);
    if (method) return method;
  }
  return null;
}

/**
 * Header fields by lower-case name, first occurrence, continuation lines unfolded. The block is
 * read a byte a character (latin1), so a value's bytes survive until `text` decodes them.
 */
function parseHeaderBlock(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const LEGACY = new TextDecoder('windows-1252');

/**
 * A header value's text: UTF-8 where its bytes are (RFC 6532 allows it in headers, and many
 * mailers send it unencoded), else the 8-bit Western text older mailers send.
 */
function text(latin1: string): string {
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  const bytes = Buffer.from(latin1, 'latin1');
  try {
    return UTF8.decode(bytes);
  } catch {
    return LEGACY.decode(bytes);
  }
}

/** A folder as opened for a sync: its UIDVALIDITY names its UIDs. */
export interface OpenFolder {
  path: string;
  uidValidity: string;
  isSent: boolean;
}

/**
 * Whether a copy is named by where it is: its Message-ID is bracketed and unfolded. This is the
 * test stored copies were named by, whatever ids `parseMessageIds` reads since, so that a message
 * read again finds its row and is never stored twice.
 */
const HAS_PLAIN_ID = /<[^<>\s]+>/;

/**
 * The message's provider id: where this copy is (`<folder>:<uidvalidity>:<uid>`); a copy in
 * another folder or after a UIDVALIDITY change is the same message by its Message-ID. Without
 * one, a digest of its date, sender, recipients and subject names it, the same in every copy.
 */
function providerIdOf(folder: OpenFolder, uid: number, get: (name: string) => string | null) {
  if (HAS_PLAIN_ID.test(get('message-id') ?? '')) {
    return `${folder.path}:${folder.uidValidity}:${uid}`;
  }
  // Of the header bytes as fetched, so that a copy stored before any change of decoding is the
  // same message.
  const digest = createHash('sha256');
  for (const value of ['from', 'to', 'cc', 'subject', 'date'].map(get)) {
    digest.update(`${value ?? ''}\n`);
  }
  return `nomid:${digest.digest('base64url')}`;
}

function toSyncedMessage(folder: OpenFolder, fetched: FetchMessageObject): SyncedMessage {
  const fields = parseHeaderBlock(fetched.headers?.toString('latin1') ?? '');
  const get = (name: string) => fields.get(name) ?? null;
  const textOf = (name: string) => {
    const value = get(name);
    return value === null ? null : text(value);
  };
  const headers: MessageHeaders = {
    from: textOf('from'),
    to: textOf('to'),
    cc: textOf('cc'),
    bcc: textOf('bcc'),
    subject: textOf('subject'),
    messageId: get('message-id'),
    inReplyTo: get('in-reply-to'),
    references: get('references'),
    autoSubmitted: get('auto-submitted'),
    precedence: get('precedence'),
    listId: get('list-id'),
    contentType: get('content-type'),
    listUnsubscribe: get('list-unsubscribe'),
    originalFrom: textOf('x-original-from'),
    returnPath: get('return-path'),
    autoReply: autoReplyOf(get),
    replyTo: textOf('reply-to'),
  };
  const internal = fetched.internalDate ?? get('date') ?? 0;
  const method = calendarMethod(fetched.bodyStructure);
  return {
    providerId: providerIdOf(folder, fetched.uid, get),
    threadKey: null,
    folder: folder.path,
    labels: [],
    categories: [],
    inSentFolder: folder.isSent,
    sentAt: internal instanceof Date ? internal : new Date(internal),
    headers,
    meetingResponse: method === 'REPLY',
    meetingCancellation: method === 'CANCEL',
  };
}

/**
 * A draft: flagged \Draft, "not completed composition" (RFC 3501 §2.3.2). Drafts folders are not
 * read, but an \All folder holds drafts too (RFC 6154), and a client may save one anywhere.
 */
const isDraft = (fetched: FetchMessageObject) =>
  [...(fetched.flags ?? [])].some((flag) => flag.toLowerCase() === '\\draft');

/** The fetched messages of a folder but drafts, which are never mail anyone sent or received. */
export const toSyncedMessages = (folder: OpenFolder, fetched: readonly FetchMessageObject[]) =>
  fetched.filter((message) => !isDraft(message)).map((message) => toSyncedMessage(folder, message));
