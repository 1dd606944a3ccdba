import { sql, type Sql } from '../db/sql';
import type { Generation } from './fact-sql';

// Per-request facts of one generation, from its message facts (fact-sql.ts). A request is a
// mailbox's counted messages of one party in one conversation that the same answer reached (or
// none yet): the party's messages between two answers that reached it (definition 3), split where
// a closure by hand ends (a later message starts a new request). The same
// request held by several mailboxes (the customer wrote To sales@, Cc bob@) has a row in each;
// `before` names the mailboxes whose row comes first (the one holding its first message, the
// message's primary mailbox first), so a figure over several counts it once (definition 4).
// Business time is the same per-day arithmetic as stats_business_seconds, joined set-wise: each
// local day of the wait with hours adds the overlap, except the closed days of the hours'
// calendar (an anti-join on stats_closed_days).

/** The request rows of the scope, with their times and who counts them. */
const runs = ({ workspaceId, generation }: Generation, scope: Sql) => sql`
  facts as (
    select * from stats_message_facts
     where workspace_id = ${workspaceId} and generation = ${generation} and not is_excluded and ${scope}
  ), conversations as (
    -- Whether a conversation began with a message received (first response time): its first
    -- message in any mailbox, the sender's copy first.
    select distinct on (thread_key) thread_key, direction = 'inbound' as inbound
      from facts order by thread_key, sent_at, direction desc, message_id
  ), grouped as (
    select mailbox_id, thread_key, party, answer_at as reply_at,
           min(sent_at) as first_at, max(sent_at) as last_at,
           (array_agg(message_id order by sent_at, message_id))[1] as first_id,
           (array_agg(counterparts[1] order by sent_at, message_id))[1] as counterpart,
           -- How many mailboxes hold the request's first message ahead of this one.
           (array_agg(cardinality(before) order by sent_at, message_id))[1] as first_rank,
           bool_and(is_closed) as closed, closed_at as hand_at, min(closed_by) as hand_by
      from facts where is_counted group by mailbox_id, thread_key, party, answer_at, closed_at
  ), ranked as (
    select g.*, c.inbound,
           row_number() over (partition by g.mailbox_id, g.thread_key
             order by g.reply_at is null and not g.closed desc, g.last_at desc, g.first_id desc) = 1
             and g.reply_at is null and not g.closed as waiting,
           coalesce(array_agg(g.mailbox_id) over (partition by g.thread_key, g.party, g.reply_at
             order by g.first_at, g.first_rank, g.mailbox_id
             rows between unbounded preceding and 1 preceding), '{}') as before,
           g.first_at = min(g.first_at) over (partition by g.mailbox_id, g.thread_key) as first_of
      from grouped g join conversations c using (thread_key)
  ), runs as (
    select r.*,
           case when r.waiting then coalesce(array_agg(r.mailbox_id) filter (where r.waiting)
             over (partition by r.thread_key order by r.last_at desc, r.mailbox_id
                   rows between unbounded preceding and 1 preceding), '{}') else '{}' end
             as wait_before
      from ranked r
  )`;

export const requests = ({ workspaceId, generation }: Generation, scope: Sql) => sql`
  insert into stats_requests (workspace_id, generation, mailbox_id, thread_key, first_message_id,
    first_at, local_date, last_at, last_local_date, reply_at, business_seconds, calendar_seconds,
    is_first_of_thread, counterparts, before, party, is_closed, is_waiting, wait_before, closed_by,
    closed_at)
  with g as (
    select company_timezone from stats_generations where workspace_id = ${workspaceId} and generation = ${generation}
  ), ${runs({ workspaceId, generation }, scope)}, answered as (
    -- The mailbox's own hours, or else the company's (mailbox 0).
    select r.*, coalesce(hm.mailbox_id, 0) as hours_id,
           coalesce(hm.timezone, h0.timezone) as timezone,
           coalesce(hm.all_time, h0.all_time) as all_time,
           case when hm.mailbox_id is null then h0.calendar else hm.calendar end as calendar
      from runs r
      join stats_hour_sets h0 on h0.workspace_id = ${workspaceId} and h0.generation = ${generation} and h0.mailbox_id = 0
      left join stats_hour_sets hm
        on hm.workspace_id = ${workspaceId} and hm.generation = ${generation} and hm.mailbox_id = r.mailbox_id
  ), business as (
    select a.mailbox_id, a.first_id,
           sum(greatest(0, extract(epoch from
                 least(a.reply_at, (d.ts::date + dd.end_time) at time zone a.timezone)
                 - greatest(a.first_at, (d.ts::date + dd.start_time) at time zone a.timezone))))
             as seconds
      from answered a
      cross join lateral generate_series((a.first_at at time zone a.timezone)::date,
                                         (a.reply_at at time zone a.timezone)::date,
                                         interval '1 day') as d(ts)
      join stats_hour_days dd
        on dd.workspace_id = ${workspaceId} and dd.generation = ${generation} and dd.mailbox_id = a.hours_id
       and dd.isodow = extract(isodow from d.ts)
     where a.reply_at > a.first_at and not a.all_time
       and not exists (select 1 from stats_closed_days c
                        where c.workspace_id = ${workspaceId} and c.generation = ${generation}
                          and c.calendar = a.calendar and c.day = d.ts::date)
     group by a.mailbox_id, a.first_id
  )
  select ${workspaceId}, ${generation}, a.mailbox_id, a.thread_key, a.first_id, a.first_at,
         (a.first_at at time zone g.company_timezone)::date, a.last_at,
         (a.last_at at time zone g.company_timezone)::date, a.reply_at,
         case when a.reply_at is null then null
              when a.all_time then extract(epoch from a.reply_at - a.first_at)
              else coalesce(b.seconds, 0) end::double precision,
         extract(epoch from a.reply_at - a.first_at)::double precision,
         a.inbound and a.first_of, array[a.counterpart], a.before, a.party, a.closed, a.waiting,
         a.wait_before, case when a.closed then a.hand_by end, case when a.closed then a.hand_at end
    from answered a cross join g
    left join business b on b.mailbox_id = a.mailbox_id and b.first_id = a.first_id`;
