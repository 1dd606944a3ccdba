import { domainOf } from '../../common/patterns';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { parseAddressList, type ParsedAddress } from './address-list';
import { decodeMimeWords, mediaType, parseMessageIds } from './addresses';
import type { MessageChange, SyncedMessage } from './connector';
import { capHeader, capHeaders, clipUtf8, type HeaderKey } from './header-caps';

// A synced message as the row the store writes: headers parsed, direction by rule 1 of the
// statistics definitions, copies within one batch merged, IMAP mail threaded by its headers.

export interface StoreTarget {
  workspaceId: number;
  mailboxId: number;
  /** The mailbox's address, lower-case: a message from it is outbound. */
  email: string;
  /** The lease holder that claimed the mailbox; a batch from a lost lease is refused. */
  leaseOwner: string;
}

export interface MessageRow {
  provider_id: string;
  thread_key: string;
  direction: 'inbound' | 'outbound';
  sent_at: string;
  folder: string | null;
  labels: readonly string[];
  categories: readonly string[];
  from_address: string;
  from_name: string;
  to_addresses: string[];
  cc_addresses: string[];
  /** Bcc: only the sender's copy has it, so only sent mail carries one (RFC 5322 3.6.3). */
  bcc_addresses: string[];
  subject: string;
  message_id_header: string | null;
  in_reply_to: string | null;
  references_ids: string[];
  auto_submitted: string | null;
  precedence: string | null;
  list_id: string | null;
  content_type: string | null;
  meeting_response: boolean | null;
  meeting_cancellation: boolean | null;
  /** True where List-Unsubscribe is there; null where it is not, or the read had no headers. */
  list_unsubscribe: boolean | null;
  /** True where Return-Path is `<>` (a notification); null otherwise. */
  null_sender: boolean | null;
  /** True where an auto-responder's mark is there and says other than no; null otherwise. */
  auto_reply: boolean | null;
  /**
   * A web form's message sent through the mailbox's own account to the mailbox: inbound whatever
   * its folder (not stored; it lets the store turn a copy stored as outbound inbound).
   */
  form_to_itself: boolean;
}

const clean = (value: string | null) => (value === null ? null : value.replace(/\0/g, '').trim());

/** Of a batch: how many messages had each header cut to HEADER_CAP_BYTES. */
export type HeaderCuts = Map<HeaderKey, number>;

/**
 * Decoded text within the cap too: encoded words can decode to more bytes than they take
 * (ISO-8859-1 in base64: 4 bytes to 6).
 */
function capped(text: string, key: HeaderKey, cut: Set<HeaderKey>): string {
  const clipped = clipUtf8(text);
  if (clipped !== text) cut.add(key);
  return clipped;
}

/**
 * The row of a message, its headers cut to the cap first (`cut` is told which were);
 * `thread_key` is the provider's, or '' until threaded by headers.
 */
function toRow(raw: SyncedMessage, mailboxEmail: string, cut: Set<HeaderKey>): MessageRow {
  const { headers, cut: cutHeaders } = capHeaders(raw.headers);
  cutHeaders.forEach((key) => cut.add(key));
  const message = { ...raw, headers };
  const to = parseAddressList(headers.to);
  const cc = parseAddressList(headers.cc);
  const sender = parseAddressList(headers.from)[0];
  const outsider = sentForOutsider(sender, headers.replyTo, mailboxEmail);
  const form = outsider !== undefined && isToItself(to, cc, mailboxEmail);
  const from = authorOf(message, sender, outsider, form);
  const fromAddress = from?.address ?? '';
  // Rule 1: outbound when the mailbox sent it or it sits in the sent folder or label.
  const sent = (message.inSentFolder && !form) || fromAddress === mailboxEmail;
  return {
    provider_id: message.providerId,
    thread_key: message.threadKey ?? '',
    direction: sent ? 'outbound' : 'inbound',
    sent_at: message.sentAt.toISOString(),
    folder: message.folder,
    labels: message.labels,
    categories: message.categories,
    from_address: fromAddress,
    from_name: capped(clean(from?.name ?? '') ?? '', 'from', cut),
    to_addresses: to.map((parsed) => parsed.address),
    cc_addresses: cc.map((parsed) => parsed.address),
    bcc_addresses: parseAddressList(headers.bcc).map((parsed) => parsed.address),
    subject: capped(clean(decodeMimeWords(headers.subject ?? '')) ?? '', 'subject', cut),
    message_id_header: headerId(headers.messageId),
    in_reply_to: parseMessageIds(headers.inReplyTo)[0] ?? null,
    references_ids: parseMessageIds(headers.references),
    auto_submitted: clean(headers.autoSubmitted),
    precedence: clean(headers.precedence),
    list_id: clean(headers.listId),
    content_type: mediaType(headers.contentType),
    meeting_response: message.meetingResponse ?? null,
    meeting_cancellation: message.meetingCancellation ?? null,
    list_unsubscribe: clean(headers.listUnsubscribe) ? true : null,
    null_sender: headers.returnPath?.replace(/\s/g, '') === '<>' ? true : null,
    auto_reply: isMark(headers.autoReply) ? true : null,
    form_to_itself: form,
  };
}

/** An auto-responder's mark other than an explicit no (`X-Autoreply: yes`, a responder's name). */
const isMark = (value: string | null) =>
  value !== null && !['', 'no', 'false'].includes(value.trim().toLowerCase());

/**
 * Who wrote the message. A Google Group relaying mail from a domain that asks for DMARC `reject`
 * or `quarantine` writes From as `'Ann' via Support <support@company.example>` and keeps the
 * author in X-Original-From; it is read only from mail that came through a list (List-Id).
 * What the company's own system sent for someone outside and the mailbox received (a web
 * form's message, a list's that rewrote From and moved the author to Reply-To, as Mailman
 * does) comes from the mailbox's domain with Reply-To at another: its author is whom answers
 * go to.
 */
function authorOf(
  message: SyncedMessage,
  sender: ParsedAddress | undefined,
  outsider: ParsedAddress | undefined,
  formToItself: boolean,
): ParsedAddress | undefined {
  const { headers } = message;
  const original = headers.listId ? parseAddressList(headers.originalFrom)[0] : undefined;
  if (original) return original;
  if (outsider && (!message.inSentFolder || formToItself)) return outsider;
  return sender;
}

/** Reply-To of a message from the mailbox's domain (or below) that names another domain. */
function sentForOutsider(
  from: ParsedAddress | undefined,
  replyToHeader: string | null,
  mailboxEmail: string,
) {
  const replyTo = parseAddressList(replyToHeader)[0];
  const ours = (address: string) => isAtDomain(address, domainOf(mailboxEmail));
  return from && replyTo && ours(from.address) && !ours(replyTo.address) ? replyTo : undefined;
}

/**
 * Of a message sent for someone outside: whether a web form sent it through the team mailbox's
 * own account (a site's SMTP settings hold its password) to the mailbox alone. The provider
 * keeps a copy in the sent folder as well as the received one (Gmail labels one message SENT
 * and INBOX; Exchange saves what SMTP AUTH sends in Sent Items), yet it is mail the mailbox
 * received. A person answering writes to someone else, so a message to the mailbox alone is no
 * reply.
 */
const isToItself = (to: ParsedAddress[], cc: ParsedAddress[], mailboxEmail: string) =>
  to.length > 0 && to.every((recipient) => recipient.address === mailboxEmail) && cc.length === 0;

/** Whether `address` is at `domain` or one of its subdomains. */
const isAtDomain = (address: string, domain: string) => {
  const host = domainOf(address);
  return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
};

/** The `<id>` of a Message-ID header, as stored and looked up. */
const headerId = (value: string | null) => parseMessageIds(value)[0] ?? null;

/**
 * The batch's rows, one per message: copies of one message (same provider id or Message-ID) are
 * merged, outbound when any copy is (seen in the sent folder), placed where it was seen last.
 * Headers cut to the cap are counted in `cuts`.
 */
export function batchRows(
  messages: readonly SyncedMessage[],
  mailboxEmail: string,
  cuts: HeaderCuts = new Map(),
): MessageRow[] {
  const rows: MessageRow[] = [];
  const byKey = new Map<string, number>();
  for (const message of messages) {
    const cut = new Set<HeaderKey>();
    const row = toRow(message, mailboxEmail, cut);
    cut.forEach((key) => cuts.set(key, (cuts.get(key) ?? 0) + 1));
    const keys = [
      `p:${row.provider_id}`,
      ...(row.message_id_header ? [`m:${row.message_id_header}`] : []),
    ];
    const index = keys.map((key) => byKey.get(key)).find((found) => found !== undefined);
    if (index === undefined) {
      keys.forEach((key) => byKey.set(key, rows.length));
      rows.push(row);
      continue;
    }
    const earlier = rows[index]!;
    if (earlier.direction === 'outbound' && !row.form_to_itself) row.direction = 'outbound';
    keys.forEach((key) => byKey.set(key, index));
    rows[index] = row;
  }
  return rows;
}

/** A change as the store's lookup and update read it. */
export function changeRow(change: MessageChange) {
  return {
    provider_id: change.providerId,
    message_id_header: headerId(change.messageId && capHeader('messageId', change.messageId)),
    set_aside: change.setAside,
    has_folder: change.folder !== undefined,
    folder: change.folder ?? null,
    labels: change.labels ?? null,
    categories: change.categories ?? null,
  };
}

/**
 * IMAP threads by headers: a message joins the thread of a stored (or earlier in this batch)
 * message named in its In-Reply-To, else in its References from the nearest; otherwise it starts
 * its own thread, keyed by its Message-ID. A message stored before keeps its thread.
 */
export async function threadByHeaders(
  db: Queryable,
  target: StoreTarget,
  rows: MessageRow[],
): Promise<boolean> {
  const unthreaded = rows.filter((row) => row.thread_key === '');
  if (unthreaded.length === 0) return false;
  const wanted = new Set<string>();
  for (const row of unthreaded) {
    for (const id of [row.message_id_header, row.in_reply_to, ...row.references_ids]) {
      if (id) wanted.add(id);
    }
  }
  const known = new Map<string, string>();
  const stored = await db.query<{ message_id_header: string; thread_key: string }>(
    sql`select message_id_header, thread_key from messages
         where workspace_id = ${target.workspaceId} and mailbox_id = ${target.mailboxId}
           and message_id_header = any(${[...wanted]}::text[])`,
  );
  for (const row of stored) known.set(row.message_id_header, row.thread_key);
  const inOrder = [...unthreaded].sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  for (const row of inOrder) {
    const parents = [row.message_id_header, row.in_reply_to, ...row.references_ids.toReversed()];
    const found = parents.map((id) => (id ? known.get(id) : undefined)).find(Boolean);
    row.thread_key = found ?? row.message_id_header ?? `id:${row.provider_id}`;
    if (row.message_id_header && !known.has(row.message_id_header)) {
      known.set(row.message_id_header, row.thread_key);
    }
  }
  return true;
}
