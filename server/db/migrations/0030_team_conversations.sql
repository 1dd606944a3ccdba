-- The team's conversation (docs/statistics.md, definitions 1, 3, 4 and 5): the messages of all
-- tracked mailboxes of a workspace are joined into conversations by their Message-ID links, so a
-- colleague's answer from her own mailbox answers the request another mailbox received, and a
-- message several mailboxes received counts once in a figure over several.

-- The conversation of a message: the least of the keys (mailbox id ':' thread key) of the
-- mailbox threads it joins. Each thread starts as a conversation of its own; the rebuild that this
-- migration makes due joins them across mailboxes, and each sync batch joins its threads as it
-- stores them (server/stats/conversations.ts).
alter table messages add column conversation_key text;
update messages set conversation_key = mailbox_id::text || ':' || thread_key;
create index messages_conversation_idx on messages (workspace_id, conversation_key);
-- Message-ID links across mailboxes (the per-mailbox indexes of migrations 0003 and 0004 lead
-- with the mailbox).
create index messages_workspace_header_idx on messages (workspace_id, message_id_header)
  where message_id_header is not null;
create index messages_workspace_in_reply_to_idx on messages (workspace_id, in_reply_to)
  where in_reply_to is not null;
-- The subject fallback (definition 2): a subject without its reply and forward prefixes (any
-- case, repeated, with a counter such as "Re[2]:"; English and Outlook's Re, Fwd, Fw; German AW,
-- WG; French TR; Spanish RV; Italian R, I; Dutch Antw, Doorst; Portuguese Res, Enc; Swedish,
-- Danish, Norwegian SV, VB, VS; Polish Odp, PD), whitespace folded, lower-cased.
create function normalized_subject(subject text) returns text
  language sql immutable parallel safe returns null on null input as $$
  select lower(btrim(regexp_replace(regexp_replace(subject,
    '^(\s*(re|fwd?|aw|wg|tr|rv|r|i|antw|doorst|res|enc|sv|vb|vs|odp|pd)\s*(\[\d+\])?\s*:)+', '', 'i'),
    '\s+', ' ', 'g')))
$$;
-- The messages that may join by subject, found by it when their request arrives after them.
create index messages_headerless_subject_idx on messages (workspace_id, normalized_subject(subject))
  where direction = 'outbound' and in_reply_to is null and cardinality(references_ids) = 0;
-- It looks up a reply's recipients among received mail's senders.
create index messages_inbound_sender_idx on messages (workspace_id, lower(from_address), sent_at)
  where direction = 'inbound';

-- The facts' thread_key is now the conversation's key (the BI views keep the column's name).
-- `before`: the mailboxes that hold the same message (or request) ahead of this row's mailbox;
-- a figure over several mailboxes counts a row only when none of them is among its mailboxes, so
-- a message or a request counts once. `party`: whom an answer must reach (definition 3).
-- `answer_at`: when the first answer that reached it came. `is_closed`: unanswered, and every
-- copy went to trash (definition 5). `is_waiting`: the one waiting request of a mailbox's
-- conversation (awaiting), and `wait_before` the mailboxes ahead with one in that conversation.
alter table stats_message_facts add column before integer[] not null default '{}',
  add column party text,
  add column answer_at timestamptz,
  add column is_closed boolean not null default false;
alter table stats_requests add column before integer[] not null default '{}',
  add column party text not null default '',
  add column is_closed boolean not null default false,
  add column is_waiting boolean not null default false,
  add column wait_before integer[] not null default '{}';
update stats_requests set is_waiting = true where reply_at is null;
alter table stats_daily_counts add column before integer[] not null default '{}';
alter table stats_daily_counts drop constraint stats_daily_counts_pkey;
alter table stats_daily_counts add primary key (workspace_id, generation, local_date, mailbox_id, before);

drop index stats_message_facts_thread_idx;
create index stats_message_facts_conversation_idx
  on stats_message_facts (workspace_id, generation, thread_key);
drop index stats_requests_thread_idx;
create index stats_requests_conversation_idx
  on stats_requests (workspace_id, generation, thread_key);
drop index stats_requests_waiting_idx;
create index stats_requests_waiting_idx
  on stats_requests (workspace_id, generation, last_local_date) include (mailbox_id)
  where is_waiting;

-- The summary reads percentiles from these indexes alone (server/stats/summary-sql.ts): they
-- carry `before` too.
drop index stats_requests_business_idx, stats_requests_calendar_idx,
  stats_requests_first_business_idx, stats_requests_first_calendar_idx;
create index stats_requests_business_idx
  on stats_requests (workspace_id, generation, business_seconds)
  include (mailbox_id, local_date, calendar_seconds, is_first_of_thread, before)
  where reply_at is not null;
create index stats_requests_calendar_idx
  on stats_requests (workspace_id, generation, calendar_seconds)
  include (mailbox_id, local_date, before)
  where reply_at is not null;
create index stats_requests_first_business_idx
  on stats_requests (workspace_id, generation, business_seconds)
  include (mailbox_id, local_date, before)
  where reply_at is not null and is_first_of_thread;
create index stats_requests_first_calendar_idx
  on stats_requests (workspace_id, generation, calendar_seconds)
  include (mailbox_id, local_date, before)
  where reply_at is not null and is_first_of_thread;

-- Threads changed during a rebuild are now conversations (mailbox 0).
delete from stats_dirty_threads;

-- Every workspace rebuilds at the next worker tick: its conversations are joined and its figures
-- take the new rules at once.
update stats_state set next_rebuild_at = now();
