-- The BI views read the team's conversation (migration 0030, docs/statistics.md definitions 8, 11
-- and 13): awaiting is a mailbox's conversation with an open request (closed ones left out), and
-- each message and request row says which mailboxes hold it ahead of its own, so a sum over
-- several mailboxes can count it once: a row counts over a set of mailboxes when none of
-- `ahead_mailbox_ids` is in the set (docs/bi.md). New columns go last, as a view's replacement
-- requires.
create or replace view bi_messages with (security_barrier = true) as
  select f.workspace_id, f.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams,
         f.message_id, f.thread_key, f.direction, f.sent_at,
         (f.sent_at at time zone c.timezone) as sent_local,
         f.local_date as message_date,
         date_trunc('week', f.local_date)::date as message_week,
         extract(isodow from f.sent_at at time zone c.timezone)::int as weekday,
         extract(hour from f.sent_at at time zone c.timezone)::int as hour,
         array_to_string(f.counterparts, ', ') as counterparts,
         f.is_counted::int as received, f.is_sent::int as sent,
         (f.is_counted and f.is_replied)::int as replied,
         (f.is_counted and not f.is_replied)::int as unreplied,
         f.is_internal::int as internal, f.is_automated::int as automated,
         f.before as ahead_mailbox_ids
    from bi_current c
    join stats_message_facts f on f.workspace_id = c.workspace_id and f.generation = c.generation
    join bi_mailboxes mb on mb.workspace_id = f.workspace_id and mb.mailbox_id = f.mailbox_id
   where not f.is_excluded;

create or replace view bi_requests with (security_barrier = true) as
  select r.workspace_id, r.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams,
         r.first_message_id as request_id, r.thread_key, m.subject,
         r.counterparts[1] as counterpart, split_part(r.counterparts[1], '@', 2) as counterpart_domain,
         r.first_at as received_at, (r.first_at at time zone c.timezone) as received_local,
         r.local_date as request_date, date_trunc('week', r.local_date)::date as request_week,
         r.last_at as last_received_at, r.last_local_date as last_date,
         r.reply_at as replied_at, (r.reply_at at time zone c.timezone) as replied_local,
         r.business_seconds, r.calendar_seconds,
         (r.reply_at is not null)::int as answered, r.is_waiting::int as awaiting,
         r.is_first_of_thread::int as first_of_thread,
         r.before as ahead_mailbox_ids, r.is_closed::int as closed
    from bi_current c
    join stats_requests r on r.workspace_id = c.workspace_id and r.generation = c.generation
    join bi_mailboxes mb on mb.workspace_id = r.workspace_id and mb.mailbox_id = r.mailbox_id
    left join messages m
      on m.workspace_id = r.workspace_id and m.mailbox_id = r.mailbox_id
     and m.message_id = r.first_message_id;

create or replace view bi_daily with (security_barrier = true) as
  select x.workspace_id, x.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams,
         x.day, date_trunc('week', x.day)::date as week,
         sum(x.received)::int as received, sum(x.sent)::int as sent,
         sum(x.replied)::int as replied, sum(x.unreplied)::int as unreplied,
         sum(x.internal)::int as internal, sum(x.automated)::int as automated,
         sum(x.requests)::int as requests, sum(x.answered)::int as answered,
         sum(x.awaiting)::int as awaiting,
         sum(x.business_seconds)::double precision as business_seconds_total,
         sum(x.calendar_seconds)::double precision as calendar_seconds_total
    from (
      select d.workspace_id, d.mailbox_id, d.local_date as day, d.received, d.sent, d.replied,
             d.unreplied, d.internal, d.automated, 0 as requests, 0 as answered, 0 as awaiting,
             null::double precision as business_seconds, null::double precision as calendar_seconds
        from bi_current c
        join stats_daily_counts d on d.workspace_id = c.workspace_id and d.generation = c.generation
      union all
      select r.workspace_id, r.mailbox_id, r.local_date, 0, 0, 0, 0, 0, 0, 1,
             (r.reply_at is not null)::int, 0, r.business_seconds, r.calendar_seconds
        from bi_current c
        join stats_requests r on r.workspace_id = c.workspace_id and r.generation = c.generation
      union all
      select r.workspace_id, r.mailbox_id, r.last_local_date, 0, 0, 0, 0, 0, 0, 0, 0, 1, null, null
        from bi_current c
        join stats_requests r on r.workspace_id = c.workspace_id and r.generation = c.generation
       where r.is_waiting
    ) x
    join bi_mailboxes mb on mb.workspace_id = x.workspace_id and mb.mailbox_id = x.mailbox_id
   group by x.workspace_id, x.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams, x.day;
