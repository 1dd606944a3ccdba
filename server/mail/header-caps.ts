import { parseAddressList } from './address-list';
import { parseMessageIds } from './addresses';
import type { MessageHeaders } from './connector';

// Every header value the sync stores is cut to HEADER_CAP_BYTES before it is read: mail from
// outside can carry a header of megabytes, and no figure needs more than a few hundred bytes of
// one. What was cut is counted per header, for the sync's log line (never the value itself).

/** The most of a header value the sync reads and stores, in UTF-8 bytes. */
export const HEADER_CAP_BYTES = 8192;

export type HeaderKey = keyof MessageHeaders;

/** Each header as mail names it, for the log. */
export const HEADER_NAMES = {
  from: 'From',
  to: 'To',
  cc: 'Cc',
  bcc: 'Bcc',
  subject: 'Subject',
  messageId: 'Message-ID',
  inReplyTo: 'In-Reply-To',
  references: 'References',
  autoSubmitted: 'Auto-Submitted',
  precedence: 'Precedence',
  listId: 'List-Id',
  contentType: 'Content-Type',
  listUnsubscribe: 'List-Unsubscribe',
  originalFrom: 'X-Original-From',
  returnPath: 'Return-Path',
  autoReply: 'X-Autoreply',
  replyTo: 'Reply-To',
} as const satisfies Record<HeaderKey, string>;

const ADDRESS_LISTS = new Set<HeaderKey>(['from', 'to', 'cc', 'bcc', 'originalFrom', 'replyTo']);
const ID_LISTS = new Set<HeaderKey>(['messageId', 'inReplyTo', 'references']);

const utf8Length = (value: string) => Buffer.byteLength(value, 'utf8');

/** The longest start of `value` of at most `max` UTF-8 bytes that ends on a whole character. */
export function clipUtf8(value: string, max = HEADER_CAP_BYTES): string {
  // A UTF-16 unit is at most 3 bytes of UTF-8: short values need no encoding. A longer one's
  // first `max` units are at least `max` bytes, so the rest is never encoded.
  if (value.length * 3 <= max) return value;
  const bytes = Buffer.from(value.slice(0, max), 'utf8');
  if (bytes.length <= max && value.length <= max) return value;
  let end = Math.min(max, bytes.length);
  // A continuation byte (10xxxxxx) would cut its character in two.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * Whole Message-IDs that fit: the first (the thread's root, RFC 5322 3.6.4) and as many of the
 * last (the nearest parents, which threading tries first) as fit, in their order. Only the
 * value's first and last HEADER_CAP_BYTES characters are read, whatever its length.
 */
function wholeIds(value: string): string {
  const [first] = parseMessageIds(value.slice(0, HEADER_CAP_BYTES));
  if (first === undefined) return '';
  const end = value.slice(-HEADER_CAP_BYTES);
  // From the first separator on: the end may start inside an id.
  const ids = parseMessageIds(end.slice(end.search(/[\s,>]/) + 1));
  const tail: string[] = [];
  let size = utf8Length(first);
  for (let i = ids.length - 1; i >= 0; i -= 1) {
    const id = ids[i] ?? '';
    size += 1 + utf8Length(id);
    if (size > HEADER_CAP_BYTES || id === first) break;
    tail.unshift(id);
  }
  return [first, ...tail].join(' ');
}

/**
 * An address list's mailboxes written again, as many as fit whole, in order: each address kept
 * whole and its display name cut to what room is left (a name of megabytes keeps its address).
 * The list is read whole, in time linear in its length.
 */
function wholeAddresses(value: string): string {
  const written: string[] = [];
  let size = 0;
  for (const { address, name } of parseAddressList(value)) {
    const room = HEADER_CAP_BYTES - size - (written.length > 0 ? 2 : 0);
    // `"name" <address>` takes five marks besides, and an escaped name at most twice its bytes.
    const nameRoom = Math.floor((room - utf8Length(address) - 5) / 2);
    const kept = nameRoom > 0 ? clipUtf8(name, nameRoom) : '';
    const mailbox = kept ? `"${kept.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
    if (utf8Length(mailbox) > room) break;
    size = HEADER_CAP_BYTES - room + utf8Length(mailbox);
    written.push(mailbox);
  }
  return written.join(', ');
}

/** `value` within the cap: Message-IDs whole, an address list's addresses whole. */
export function capHeader(key: HeaderKey, value: string): string {
  if (utf8Length(value) <= HEADER_CAP_BYTES) return value;
  if (ID_LISTS.has(key)) return wholeIds(value);
  if (ADDRESS_LISTS.has(key)) return wholeAddresses(value);
  return clipUtf8(value);
}

/** Headers within the cap, and which were cut. */
export function capHeaders(headers: MessageHeaders): { headers: MessageHeaders; cut: HeaderKey[] } {
  const capped: MessageHeaders = { ...headers };
  const cut: HeaderKey[] = [];
  for (const key of Object.keys(HEADER_NAMES) as HeaderKey[]) {
    const value = headers[key];
    if (value === null) continue;
    capped[key] = capHeader(key, value);
    if (capped[key] !== value) cut.push(key);
  }
  return { headers: capped, cut };
}
