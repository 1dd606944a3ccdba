import { sql } from '../db/sql';
import type { Tx } from '../db/types';
import type { changeRow, MessageRow, StoreTarget } from './store-rows';

// The store's statements. A message is found again by its provider id, else by its Message-ID
// (migration 0013 keeps both unique per mailbox), so a copy in another folder or under another
// label updates the one row instead of adding one. Each statement returns the threads whose
// figures changed, for the batch's refresh of their statistics.

const ROW_TYPE = sql`provider_id text, thread_key text, direction text, sent_at timestamptz,
  folder text, labels text[], categories text[], from_address text, from_name text,
  to_addresses text[], cc_addresses text[], bcc_addresses text[], subject text, message_id_header text,
  in_reply_to text, references_ids text[], auto_submitted text, precedence text, list_id text,
  content_type text, meeting_response boolean, meeting_cancellation boolean,
  list_unsubscribe boolean, null_sender boolean, auto_reply boolean, form_to_itself boolean`;

/** Direction only ever turns outbound, but for a web form's message to the mailbox itself. */
const NEW_DIRECTION = sql`case when s.direction = 'outbound' and not b.form_to_itself
  then 'outbound' else b.direction end`;

/** The stored row of `b` (a row of the batch): by provider id first, then by Message-ID. */
const storedOf = (target: StoreTarget) => sql`left join lateral (
    select s.* from (
      select m.*, 1 as preference from messages m
       where m.workspace_id = ${target.workspaceId} and m.mailbox_id = ${target.mailboxId}
         and m.provider_id = b.provider_id
      union all
      select m.*, 2 from messages m
       where m.workspace_id = ${target.workspaceId} and m.mailbox_id = ${target.mailboxId}
         and m.message_id_header = b.message_id_header
    ) s order by s.preference limit 1
  ) s on true`;

/** The header values the figures read, of the stored row `s`, as one comparable text. */
const STORED_HEADERS = sql`(s.from_address, s.from_name, s.to_addresses, s.cc_addresses,
  s.bcc_addresses, s.subject, s.auto_submitted, s.precedence, s.list_id, s.content_type, s.meeting_response,
  s.meeting_cancellation, s.list_unsubscribe, s.null_sender, s.auto_reply)::text`;

/**
 * The header values a stored message takes from the batch row `b`: the batch's where it has one,
 * else the stored one, since a provider's partial update names only what changed.
 */
const FRESH_HEADERS = sql`coalesce(nullif(b.from_address, ''), s.from_address) as h_from_address,
  coalesce(nullif(b.from_name, ''), s.from_name) as h_from_name,
  case when cardinality(b.to_addresses) > 0 then b.to_addresses else s.to_addresses end
    as h_to_addresses,
  case when cardinality(b.cc_addresses) > 0 then b.cc_addresses else s.cc_addresses end
    as h_cc_addresses,
  case when cardinality(b.bcc_addresses) > 0 then b.bcc_addresses else s.bcc_addresses end
    as h_bcc_addresses,
  coalesce(nullif(b.subject, ''), s.subject) as h_subject,
  coalesce(b.auto_submitted, s.auto_submitted) as h_auto_submitted,
  coalesce(b.precedence, s.precedence) as h_precedence,
  coalesce(b.list_id, s.list_id) as h_list_id,
  coalesce(b.content_type, s.content_type) as h_content_type,
  coalesce(b.meeting_response, s.meeting_response) as h_meeting_response,
  coalesce(b.meeting_cancellation, s.meeting_cancellation) as h_meeting_cancellation,
  coalesce(b.list_unsubscribe, s.list_unsubscribe) as h_list_unsubscribe,
  coalesce(b.null_sender, s.null_sender) as h_null_sender,
  coalesce(b.auto_reply, s.auto_reply) as h_auto_reply`;

const FRESH_TUPLE = sql`(l.h_from_address, l.h_from_name, l.h_to_addresses, l.h_cc_addresses,
  l.h_bcc_addresses, l.h_subject, l.h_auto_submitted, l.h_precedence, l.h_list_id, l.h_content_type,
  l.h_meeting_response, l.h_meeting_cancellation, l.h_list_unsubscribe, l.h_null_sender,
  l.h_auto_reply)::text`;

/**
 * Inserts the batch's new messages and updates the stored ones: place, labels, direction, set
 * aside no more, and the header values the figures read as this version reads them, so a mailbox
 * read again heals what an earlier version stored (`reread`). Direction only ever turns outbound:
 * a message once seen in the sent folder stays outbound wherever it is moved (a web form's
 * message to the mailbox itself excepted, which its headers make inbound). Threading (thread
 * key, Message-IDs, date) stays as first stored.
 */
export async function upsertRows(tx: Tx, target: StoreTarget, rows: readonly MessageRow[]) {
  return tx.query<{ thread_key: string; inserted: boolean }>(sql`
    with b as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${ROW_TYPE})
    ), looked_up as (
      select b.*, s.message_id as stored_id,
             ${NEW_DIRECTION} as new_direction,
             (s.direction, s.folder, s.labels, s.categories, s.set_aside) is distinct from
               (${NEW_DIRECTION}, b.folder, coalesce(b.labels, '{}'), coalesce(b.categories, '{}'),
                null::text) as moved,
             s.provider_id is distinct from b.provider_id as renamed,
             ${STORED_HEADERS} as stored_headers, ${FRESH_HEADERS}
        from b ${storedOf(target)}
    ), planned as (
      select l.*, l.stored_headers is distinct from ${FRESH_TUPLE} as reread from looked_up l
    ), updated as (
      update messages m
         set provider_id = p.provider_id, folder = p.folder, labels = coalesce(p.labels, '{}'),
             categories = coalesce(p.categories, '{}'), direction = p.new_direction,
             set_aside = null, from_address = p.h_from_address, from_name = p.h_from_name,
             to_addresses = p.h_to_addresses, cc_addresses = p.h_cc_addresses,
             bcc_addresses = p.h_bcc_addresses,
             subject = p.h_subject, auto_submitted = p.h_auto_submitted,
             precedence = p.h_precedence, list_id = p.h_list_id, content_type = p.h_content_type,
             meeting_response = p.h_meeting_response,
             meeting_cancellation = p.h_meeting_cancellation,
             list_unsubscribe = p.h_list_unsubscribe,
             null_sender = p.h_null_sender, auto_reply = p.h_auto_reply
        from planned p
       where m.workspace_id = ${target.workspaceId} and m.mailbox_id = ${target.mailboxId}
         and m.message_id = p.stored_id and (p.moved or p.renamed or p.reread)
      returning m.thread_key, p.moved or p.reread as changed
    ), inserted as (
      insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
        folder, labels, categories, from_address, from_name, to_addresses, cc_addresses,
        bcc_addresses, subject, message_id_header, in_reply_to, references_ids, auto_submitted,
        precedence, list_id, content_type, meeting_response, meeting_cancellation,
        list_unsubscribe, null_sender, auto_reply)
      select ${target.workspaceId}, ${target.mailboxId}, p.provider_id, p.thread_key, p.direction,
             p.sent_at, p.folder, coalesce(p.labels, '{}'), coalesce(p.categories, '{}'),
             p.from_address, p.from_name, coalesce(p.to_addresses, '{}'),
             coalesce(p.cc_addresses, '{}'), coalesce(p.bcc_addresses, '{}'), p.subject,
             p.message_id_header, p.in_reply_to,
             coalesce(p.references_ids, '{}'), p.auto_submitted, p.precedence, p.list_id,
             p.content_type, p.meeting_response, p.meeting_cancellation, p.list_unsubscribe,
             p.null_sender, p.auto_reply
        from planned p where p.stored_id is null
      on conflict do nothing
      returning thread_key
    )
    select thread_key, true as inserted from inserted
    union all
    select thread_key, false from updated where changed`);
}

/**
 * Applies changes to stored messages: set aside in spam or trash, back, or new properties
 * (a partial update leaves the absent ones as they are). A change finds no row: nothing.
 */
export async function applyChanges(
  tx: Tx,
  target: StoreTarget,
  changes: readonly ReturnType<typeof changeRow>[],
) {
  return tx.query<{ thread_key: string }>(sql`
    with b as (
      select * from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as r(
        provider_id text, message_id_header text, set_aside text, has_folder boolean,
        folder text, labels text[], categories text[])
    ), planned as (
      select distinct on (s.message_id) s.message_id, b.set_aside,
             case when b.has_folder then b.folder else s.folder end as folder,
             coalesce(b.labels, s.labels) as labels, coalesce(b.categories, s.categories) as categories
        from b ${storedOf(target)}
       where s.message_id is not null
    )
    update messages m
       set set_aside = p.set_aside, folder = p.folder, labels = p.labels, categories = p.categories
      from planned p
     where m.workspace_id = ${target.workspaceId} and m.mailbox_id = ${target.mailboxId}
       and m.message_id = p.message_id
       and (m.set_aside, m.folder, m.labels, m.categories) is distinct from
           (p.set_aside, p.folder, p.labels, p.categories)
    returning m.thread_key`);
}

/**
 * A stored reply whose original arrives later (another folder, another batch) moves, with its
 * whole thread, into the original's thread. Its candidates come from one scan of the indexes of
 * migration 0004 (In-Reply-To by btree, References by GIN) with the batch's Message-IDs as one
 * array the planner cannot see: given the array, it put the overlap's selectivity at
 * 1 − 0.995^n (71% for 250 ids, with no element statistics) and scanned the whole mailbox each
 * batch. `moved` is materialized: inlined, it was evaluated once per updated row.
 */
export async function mergeDescendants(tx: Tx, target: StoreTarget, rows: readonly MessageRow[]) {
  const headed = rows.filter((row) => row.message_id_header !== null);
  if (headed.length === 0) return [];
  const ids = headed.map((row) => row.message_id_header);
  const keys = headed.map((row) => row.thread_key);
  return tx.query<{ old_key: string; new_key: string }>(sql`
    with batch as (
      select * from unnest(${ids}::text[], ${keys}::text[]) as b(header_id, thread_key)
    ), wanted as materialized (
      select array_agg(header_id) as ids from batch
    ), candidates as materialized (
      select m.thread_key, m.in_reply_to, m.references_ids from messages m
       where m.workspace_id = ${target.workspaceId} and m.mailbox_id = ${target.mailboxId}
         and (m.in_reply_to = any((select ids from wanted)::text[])
              or m.references_ids && (select ids from wanted))
    ), moved as materialized (
      select distinct on (c.thread_key) c.thread_key as old_key, b.thread_key as new_key
      from candidates c join batch b
        on c.in_reply_to = b.header_id or b.header_id = any(c.references_ids)
      where c.thread_key <> b.thread_key
      order by c.thread_key, b.thread_key
    )
    update messages u set thread_key = moved.new_key from moved
    where u.workspace_id = ${target.workspaceId} and u.mailbox_id = ${target.mailboxId}
      and u.thread_key = moved.old_key
    returning moved.old_key, moved.new_key`);
}
