-- Holidays in business time, and Sent counting every outbound message a team starts.
--
-- Company holidays are closed dates of the workspace (one day or a range); a mailbox on Custom
-- hours may follow them, the public holidays of a country (and region) of its own, or none. A
-- rebuild copies each hour set's calendar and its closed days into the generation, so business
-- time skips them (whole local days of the hours' timezone) with the settings of the last rebuild.

create table company_holidays (
  workspace_id integer not null references workspaces (workspace_id) on delete cascade,
  first_date date not null,
  last_date date not null,
  name text not null check (btrim(name) <> ''),
  -- 'manual', or the country (and region) it was imported for: 'ES', 'ES-MD'.
  source text not null,
  created_at timestamptz not null default now(),
  check (last_date >= first_date),
  primary key (workspace_id, first_date)
);

-- A Custom mailbox's own choice; without a row it follows the company holidays.
create table mailbox_holiday_calendars (
  workspace_id integer not null,
  mailbox_id integer not null,
  follows text not null check (follows in ('country', 'none')),
  country text check (country ~ '^[A-Z]{2}$'),
  region text,
  check ((follows = 'country') = (country is not null)),
  check (region is null or country is not null),
  primary key (workspace_id, mailbox_id),
  foreign key (workspace_id, mailbox_id)
    references mailboxes (workspace_id, mailbox_id) on delete cascade
);

-- The calendar an hour set follows in a generation: 'company', a country ('ES', 'ES-MD'), or
-- null for none (and for all-time sets, which count every second anyway).
alter table stats_hour_sets add column calendar text;

-- Every closed day of each calendar a generation uses, ranges spread into days.
create table stats_closed_days (
  workspace_id integer not null,
  generation integer not null,
  calendar text not null,
  day date not null,
  primary key (workspace_id, generation, calendar, day),
  foreign key (workspace_id, generation)
    references stats_generations (workspace_id, generation) on delete cascade
);

-- Business seconds between two instants: as in 0005, each local day of the hours' timezone adds
-- the overlap of [p_from, p_to) with its hours, except the closed days of the set's calendar,
-- which add nothing (looked up by key, one anti-join over the days, not a loop).
create or replace function stats_business_seconds(
  p_workspace integer, p_generation integer, p_mailbox integer,
  p_from timestamptz, p_to timestamptz
) returns double precision language sql stable as $$
  with h as (
    select s.mailbox_id, s.timezone, s.all_time, s.calendar from stats_hour_sets s
     where s.workspace_id = p_workspace and s.generation = p_generation
       and s.mailbox_id in (p_mailbox, 0)
     order by s.mailbox_id desc limit 1
  )
  select case
    when p_to <= p_from then 0::double precision
    when h.all_time then extract(epoch from p_to - p_from)::double precision
    else coalesce((
      select sum(greatest(0, extract(epoch from
               least(p_to, (d.day + dd.end_time) at time zone h.timezone)
               - greatest(p_from, (d.day + dd.start_time) at time zone h.timezone))))
        from generate_series((p_from at time zone h.timezone)::date,
                             (p_to at time zone h.timezone)::date, interval '1 day') as g(ts)
        cross join lateral (select g.ts::date as day) d
        join stats_hour_days dd
          on dd.workspace_id = p_workspace and dd.generation = p_generation
         and dd.mailbox_id = h.mailbox_id and dd.isodow = extract(isodow from d.day)
       where not exists (select 1 from stats_closed_days c
                          where c.workspace_id = p_workspace and c.generation = p_generation
                            and c.calendar = h.calendar and c.day = d.day)
    ), 0)::double precision
  end
  from h
$$;

-- The inverse, as in 0012, skipping closed days. Each closed day removes at most one day of
-- hours, so the horizon grows by the closed days of the 400 days ahead (still at most 400).
create or replace function stats_business_due(
  p_workspace integer, p_generation integer, p_mailbox integer,
  p_from timestamptz, p_seconds bigint
) returns timestamptz language sql stable as $$
  with h as (
    select s.mailbox_id, s.timezone, s.all_time, s.calendar from stats_hour_sets s
     where s.workspace_id = p_workspace and s.generation = p_generation
       and s.mailbox_id in (p_mailbox, 0)
     order by s.mailbox_id desc limit 1
  ), closed as (
    select c.day from h
      join stats_closed_days c
        on c.workspace_id = p_workspace and c.generation = p_generation
       and c.calendar = h.calendar
       and c.day between (p_from at time zone h.timezone)::date
                     and (p_from at time zone h.timezone)::date + 400
  ), hours as (
    select dd.isodow, dd.start_time, dd.end_time,
           greatest(0, extract(epoch from dd.end_time - dd.start_time)) as day_seconds
      from h
      join stats_hour_days dd
        on dd.workspace_id = p_workspace and dd.generation = p_generation
       and dd.mailbox_id = h.mailbox_id
  ), horizon as (
    select least(400, 7 * (ceil(p_seconds / sum(day_seconds)) + 3)
                      + (select count(*) from closed))::int as days
      from hours having sum(day_seconds) > 0
  ), periods as (
    select greatest(p_from, (d.day + hr.start_time) at time zone h.timezone) as opens,
           (d.day + hr.end_time) at time zone h.timezone as closes
      from h
      cross join horizon
      cross join lateral generate_series(0, horizon.days) as g(i)
      cross join lateral (select (p_from at time zone h.timezone)::date + g.i as day) d
      join hours hr on hr.isodow = extract(isodow from d.day)
     where d.day not in (select day from closed)
  ), reached as (
    select p.opens, extract(epoch from p.closes - p.opens) as seconds,
           sum(extract(epoch from p.closes - p.opens)) over (order by p.opens) as total
      from periods p
     where p.closes > p.opens
  )
  select case
    when p_seconds <= 0 then p_from
    when h.all_time then p_from + make_interval(secs => p_seconds)
    else (select r.opens + make_interval(secs => (p_seconds - (r.total - r.seconds))::double precision)
            from reached r where r.total >= p_seconds order by r.opens limit 1)
  end
  from (select 1) as one left join h on true
$$;

-- Sent: every outbound message not internal, not excluded, with a recipient outside the
-- internal domains, reply or not (is_reply keeps "answers a counted inbound message"). Facts
-- written before this migration keep their old count until the rebuild asked for below.
alter table stats_message_facts add column is_sent boolean;
update stats_message_facts set is_sent = is_reply;
alter table stats_message_facts alter column is_sent set not null;

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
         f.is_internal::int as internal, f.is_automated::int as automated
    from bi_current c
    join stats_message_facts f on f.workspace_id = c.workspace_id and f.generation = c.generation
    join bi_mailboxes mb on mb.workspace_id = f.workspace_id and mb.mailbox_id = f.mailbox_id
   where not f.is_excluded;

-- Every workspace rebuilds at the next worker tick, so Sent takes its new meaning at once.
update stats_state set next_rebuild_at = now();
