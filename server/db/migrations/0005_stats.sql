-- The statistics engine: the settings snapshot of each rebuild ("generation"), per-message and
-- per-request facts written by set-based SQL, and business time computed from the snapshot.
-- Readers only read the workspace's current generation, so a rebuild fills a new generation and
-- swaps it in with one update: nobody ever sees half a rebuild.

-- One row per workspace: the current generation, the one being built, the rebuild lease and the
-- next scheduled rebuild (00:01 in the company timezone). Refreshes take it `for share` and the
-- rebuild's start and swap `for update`, so no refresh slips between them unseen.
create table stats_state (
  workspace_id integer primary key references workspaces (workspace_id) on delete cascade,
  current_generation integer,
  building_generation integer,
  next_rebuild_at timestamptz not null default now(),
  lease_owner text,
  lease_expires_at timestamptz,
  last_rebuilt_at timestamptz
);
create index stats_state_due_idx on stats_state (next_rebuild_at);

-- The settings a generation's figures use (taken when its rebuild starts).
create table stats_generations (
  workspace_id integer not null references workspaces (workspace_id) on delete cascade,
  generation integer not null,
  company_timezone text not null,
  internal_domains text[] not null,
  excluded_filters jsonb not null,
  taken_at timestamptz not null default now(),
  primary key (workspace_id, generation)
);

-- Effective hours per mailbox (mailbox_id 0: the company's, for mailboxes added since).
-- all_time: Ignored mode, or no company hours at all: every second is business time.
create table stats_hour_sets (
  workspace_id integer not null,
  generation integer not null,
  mailbox_id integer not null,
  timezone text not null,
  all_time boolean not null,
  primary key (workspace_id, generation, mailbox_id),
  foreign key (workspace_id, generation)
    references stats_generations (workspace_id, generation) on delete cascade
);

-- end_time may be 24:00 (a day saved as ending 23:59:59 runs to midnight).
create table stats_hour_days (
  workspace_id integer not null,
  generation integer not null,
  mailbox_id integer not null,
  isodow smallint not null check (isodow between 1 and 7),
  start_time time not null,
  end_time time not null,
  primary key (workspace_id, generation, mailbox_id, isodow),
  foreign key (workspace_id, generation, mailbox_id)
    references stats_hour_sets (workspace_id, generation, mailbox_id) on delete cascade
);

-- Threads changed while a generation was being built: recomputed when it is swapped in.
create table stats_dirty_threads (
  workspace_id integer not null,
  generation integer not null,
  mailbox_id integer not null,
  thread_key text not null,
  primary key (workspace_id, generation, mailbox_id, thread_key)
);

create table stats_message_facts (
  workspace_id integer not null,
  generation integer not null,
  mailbox_id integer not null,
  message_id bigint not null,
  thread_key text not null,
  direction text not null,
  sent_at timestamptz not null,
  -- The message's date in the company timezone.
  local_date date not null,
  is_internal boolean not null,
  is_automated boolean not null,
  is_excluded boolean not null,
  -- Counted inbound: inbound, not internal, not automated, not excluded.
  is_counted boolean not null,
  is_reply boolean not null,
  -- Counted inbound with a reply after it in its thread.
  is_replied boolean not null,
  -- The sender of an inbound message, the recipients of an outbound one.
  counterparts text[] not null,
  primary key (workspace_id, generation, mailbox_id, message_id)
);
create index stats_message_facts_date_idx
  on stats_message_facts (workspace_id, generation, local_date);
create index stats_message_facts_thread_idx
  on stats_message_facts (workspace_id, generation, mailbox_id, thread_key);

-- A request: a maximal run of counted inbound messages of one thread with no reply between them.
create table stats_requests (
  workspace_id integer not null,
  generation integer not null,
  mailbox_id integer not null,
  thread_key text not null,
  first_message_id bigint not null,
  first_at timestamptz not null,
  -- The request's date: its first message's, in the company timezone.
  local_date date not null,
  last_at timestamptz not null,
  -- Its last message's date: an awaiting thread counts on it.
  last_local_date date not null,
  reply_at timestamptz,
  business_seconds double precision,
  calendar_seconds double precision,
  is_first_of_thread boolean not null,
  counterparts text[] not null,
  primary key (workspace_id, generation, mailbox_id, first_message_id)
);
create index stats_requests_date_idx on stats_requests (workspace_id, generation, local_date);
create index stats_requests_waiting_idx
  on stats_requests (workspace_id, generation, last_local_date) where reply_at is null;
create index stats_requests_thread_idx
  on stats_requests (workspace_id, generation, mailbox_id, thread_key);

-- Business seconds between two instants for a mailbox, from a generation's hours: each local day
-- of the mailbox's timezone contributes the overlap of [p_from, p_to) with its hours, the day's
-- start and end taken in that day's own offset, so daylight-saving changes are honoured.
create function stats_business_seconds(
  p_workspace integer, p_generation integer, p_mailbox integer,
  p_from timestamptz, p_to timestamptz
) returns double precision language sql stable as $$
  with h as (
    select s.mailbox_id, s.timezone, s.all_time from stats_hour_sets s
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
    ), 0)::double precision
  end
  from h
$$;

-- The same with the workspace's current generation (the settings of the last rebuild).
create function business_seconds(
  p_workspace integer, p_mailbox integer, p_from timestamptz, p_to timestamptz
) returns double precision language sql stable as $$
  select stats_business_seconds(p_workspace, s.current_generation, p_mailbox, p_from, p_to)
    from stats_state s where s.workspace_id = p_workspace
$$;
