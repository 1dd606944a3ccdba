import { addressListEnd } from './address-list';
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

const ADDRESS_LISTS = new Set<HeaderKey>(['from', 'to', 'cc', 'originalFrom', 'replyTo']);
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

/** `value` within the cap: Message-IDs whole, an address list after its last whole address. */
export function capHeader(key: HeaderKey, value: string): string {
  if (utf8Length(value) <= HEADER_CAP_BYTES) return value;
  if (ID_LISTS.has(key)) return wholeIds(value);
  const clipped = clipUtf8(value);
  if (!ADDRESS_LISTS.has(key)) return clipped;
  const end = addressListEnd(clipped);
  return end > 0 ? clipped.slice(0, end) : clipped;
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
