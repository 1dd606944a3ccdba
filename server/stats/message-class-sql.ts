import { AUTOMATED_LOCAL_PARTS } from '../../common/automated-senders';
import { sql, type Sql } from '../db/sql';

// What kind of message a row of `messages` (aliased `m`) is, as fragments of the facts statement
// (fact-sql.ts): automated mail received and the mailbox's own automatic answers.

/** Regular expressions of the internal domains: all addresses internal; a list at one. */
export interface Classes {
  internal: string;
  internalList: string;
  /** All addresses internal or automated senders' (AUTOMATED_LOCAL_PARTS): no person outside. */
  noPersonOutside: string;
}

/** A structured header's first value, lower-cased, without its comments (RFC 5322 CFWS). */
const headerValue = (column: Sql) =>
  sql`coalesce(lower(btrim(regexp_replace(split_part(${column}, ';', 1), '\\([^()]*\\)', '', 'g'))), '')`;

// The marks of an automatic response, received or sent: Auto-Submitted other than `no` (RFC
// 3834; parameters after `;` ignored, `no (by hand)` is no); what auto-responders add instead
// (Precedence auto_reply, X-Autoreply and the like); Precedence bulk or junk; a report (RFC 6522:
// bounces, read receipts).
const AUTOMATIC_MARKS = sql`${headerValue(sql`m.auto_submitted`)} not in ('', 'no')
  or ${headerValue(sql`m.precedence`)} in ('bulk', 'junk', 'auto_reply', 'auto-reply')
  or m.auto_reply
  or m.content_type = 'multipart/report'`;

// Automated inbound mail: those marks; a null Return-Path (RFC 5321 4.5.5: every notification),
// since many systems send bounces without Auto-Submitted and some without the report's type; an
// answer to a meeting invitation or a meeting's cancellation, which no one answers; a sender
// whose local part says no one reads its mail (noreply@, mailer-daemon@: AUTOMATED_LOCAL_PARTS,
// compared ignoring case), which many notifications carry without any mark. The signs of a list (RFC 2369, 2919:
// Precedence list, any List-Id or List-Unsubscribe) make mail to a list, such as a newsletter,
// automated, except on a list of an internal domain: the company's own group (a Google Group
// such as support@) relays each message with all three, a customer's request as much as a
// colleague's answer.
export const automated = ({ internalList }: Classes) => {
  const relayedByOwnGroup = sql`coalesce(lower(btrim(m.list_id)) ~ ${internalList}, false)`;
  return sql`coalesce(m.direction = 'inbound' and (
     ${AUTOMATIC_MARKS}
  or m.null_sender
  or m.meeting_response
  or m.meeting_cancellation
  or split_part(lower(m.from_address), '@', 1) = any(${[...AUTOMATED_LOCAL_PARTS]}::text[])
  or (not ${relayedByOwnGroup} and (
        ${headerValue(sql`m.precedence`)} = 'list'
     or coalesce(btrim(m.list_id), '') <> ''
     or m.list_unsubscribe))), false)`;
};

// The mailbox's own automatic answers: an acknowledgment a help desk or a script sends through
// its account, a Sieve vacation reply filed in Sent (RFC 8580), a read receipt its mail client
// sent. Each carries the marks above (RFC 3834 requires Auto-Submitted of every automatic
// response); no person answered, so it is neither a reply nor sent. An acceptance of a
// customer's meeting invitation is a person's answer, and stays one.
export const ownAutomatic = sql`coalesce(m.direction = 'outbound' and (${AUTOMATIC_MARKS}), false)`;
