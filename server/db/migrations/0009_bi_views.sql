-- Views over the statistics facts for the customer's BI platform (Superset, Looker Studio).
-- Each shows only the current (swapped-in) generation of each workspace, so a reader never sees
-- half a rebuild, and carries workspace_id and mailbox_id, the two columns Superset's guest-token
-- row-level-security clause names. Dates and local times are in the company timezone of the
-- last rebuild, as in the API.
--
-- Who sees which rows: a role that may read the statistics tables themselves (the server's own,
-- or the connection of a Superset that embeds for every workspace) sees every workspace; a BI
-- role made by `bi:role` reads nothing but these views and sees only the workspace bi_roles maps
-- it to. The views run with their owner's rights, and current_user inside them is the reader.
-- security_barrier keeps a reader's own functions from seeing rows before that filter.

-- The login roles made by `bi:role`, each limited to one workspace's rows.
create table bi_roles (
  workspace_id integer not null references workspaces (workspace_id) on delete cascade,
  role_name text not null unique,
  created_at timestamptz not null default now(),
  password_set_at timestamptz not null default now(),
  primary key (workspace_id, role_name)
);

-- The workspaces the reader may see, with their current generation and its company timezone.
-- Not granted to BI roles: the views below use it.
create view bi_current with (security_barrier = true) as
  select s.workspace_id, s.current_generation as generation, g.company_timezone as timezone
    from stats_state s
    join stats_generations g
      on g.workspace_id = s.workspace_id and g.generation = s.current_generation
   where (select has_table_privilege('stats_state', 'select'))
      or s.workspace_id in (select b.workspace_id from bi_roles b where b.role_name = current_user);

create view bi_mailboxes with (security_barrier = true) as
  select m.workspace_id, m.mailbox_id, lower(m.email) as mailbox_address,
         m.full_name as mailbox_name,
         (select string_agg(t.name, ', ' order by t.name)
            from team_members tm
            join teams t on t.workspace_id = tm.workspace_id and t.team_id = tm.team_id
           where tm.workspace_id = m.workspace_id and tm.mailbox_id = m.mailbox_id) as teams,
         m.status, m.removed_at is not null as removed
    from mailboxes m
   where m.workspace_id in (select workspace_id from bi_current);

create view bi_mailbox_teams with (security_barrier = true) as
  select m.workspace_id, m.mailbox_id, m.mailbox_address, t.team_id, t.name as team
    from bi_mailboxes m
    join team_members tm on tm.workspace_id = m.workspace_id and tm.mailbox_id = m.mailbox_id
    join teams t on t.workspace_id = tm.workspace_id and t.team_id = tm.team_id;

-- One row per message that is not excluded (excluded messages count nowhere); the count columns
-- are 1 or 0, so their sums are the summary's counts.
create view bi_messages with (security_barrier = true) as
  select f.workspace_id, f.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams,
         f.message_id, f.thread_key, f.direction, f.sent_at,
         (f.sent_at at time zone c.timezone) as sent_local,
         f.local_date as message_date,
         date_trunc('week', f.local_date)::date as message_week,
         extract(isodow from f.sent_at at time zone c.timezone)::int as weekday,
         extract(hour from f.sent_at at time zone c.timezone)::int as hour,
         array_to_string(f.counterparts, ', ') as counterparts,
         f.is_counted::int as received, f.is_reply::int as sent,
         (f.is_counted and f.is_replied)::int as replied,
         (f.is_counted and not f.is_replied)::int as unreplied,
         f.is_internal::int as internal, f.is_automated::int as automated
    from bi_current c
    join stats_message_facts f on f.workspace_id = c.workspace_id and f.generation = c.generation
    join bi_mailboxes mb on mb.workspace_id = f.workspace_id and mb.mailbox_id = f.mailbox_id
   where not f.is_excluded;

-- One row per request (a run of counted inbound messages of a thread up to the reply).
create view bi_requests with (security_barrier = true) as
  select r.workspace_id, r.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams,
         r.first_message_id as request_id, r.thread_key, m.subject,
         r.counterparts[1] as counterpart, split_part(r.counterparts[1], '@', 2) as counterpart_domain,
         r.first_at as received_at, (r.first_at at time zone c.timezone) as received_local,
         r.local_date as request_date, date_trunc('week', r.local_date)::date as request_week,
         r.last_at as last_received_at, r.last_local_date as last_date,
         r.reply_at as replied_at, (r.reply_at at time zone c.timezone) as replied_local,
         r.business_seconds, r.calendar_seconds,
         (r.reply_at is not null)::int as answered, (r.reply_at is null)::int as awaiting,
         r.is_first_of_thread::int as first_of_thread
    from bi_current c
    join stats_requests r on r.workspace_id = c.workspace_id and r.generation = c.generation
    join bi_mailboxes mb on mb.workspace_id = r.workspace_id and mb.mailbox_id = r.mailbox_id
    left join messages m
      on m.workspace_id = r.workspace_id and m.mailbox_id = r.mailbox_id
     and m.message_id = r.first_message_id;

-- Per mailbox and day: the message counts, the requests of the day with the sums their averages
-- need (an average is the sum over answered), and the threads awaiting on their last message's day.
create view bi_daily with (security_barrier = true) as
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
       where r.reply_at is null
    ) x
    join bi_mailboxes mb on mb.workspace_id = x.workspace_id and mb.mailbox_id = x.mailbox_id
   group by x.workspace_id, x.mailbox_id, mb.mailbox_address, mb.mailbox_name, mb.teams, x.day;
