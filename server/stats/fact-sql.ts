import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { ExcludedFilters } from '../../common/exclusions';
import { rewriteDays, threadDays, writeAllDays, type FactScope } from './daily-sql';
import { AUTOMATED_LOCAL_PARTS } from '../../common/automated-senders';
import {
  allOfDomains,
  allOfDomainsOrLocalParts,
  exclusionPredicate,
  listOfDomains,
} from './exclusion-sql';
import { automated, FORWARD, ownAutomatic, type Classes } from './message-class-sql';

// Per-message and per-request facts of one generation, computed by two set-based statements for
// a scope: the whole workspace (a rebuild) or some threads of one mailbox (mail as it arrives).
// Per-row subqueries are kept few: they dominate the cost of a rebuild.

/** The facts of one workspace's generation. */
interface Generation {
  workspaceId: number;
  generation: number;
}

// Two texts rather than one `mailbox is null or …`, so a thread's refresh plans an index scan.
const scopeSql = (scope: FactScope | null) =>
  scope === null
    ? sql`true`
    : sql`(mailbox_id = ${scope.mailboxId}::int and thread_key = any(${scope.threadKeys}::text[]))`;

/** Lower-cased addresses of a text[] expression, without a per-row subquery. */
const lowered = (addresses: Sql) =>
  sql`string_to_array(lower(array_to_string(${addresses}, ' ')), ' ')`;

/**
 * The facts of the messages in `scope`. Messages set aside in spam or trash (migration 0013)
 * count nowhere.
 */
function messageFacts(
  { workspaceId, generation }: Generation,
  classes: Classes,
  excluded: Sql,
  scope: Sql,
): Sql {
  return sql`
  insert into stats_message_facts (workspace_id, generation, mailbox_id, message_id, thread_key,
    direction, sent_at, local_date, is_internal, is_automated, is_excluded, is_counted, is_sent,
    is_reply, is_replied, counterparts)
  with g as (
    select company_timezone from stats_generations where workspace_id = ${workspaceId} and generation = ${generation}
  ), m as (
    select m.*,
           case when m.direction = 'inbound' then array[lower(m.from_address)]
                else ${lowered(sql`m.to_addresses || m.cc_addresses || m.bcc_addresses`)}
           end as cps,
           lower(array_to_string(m.to_addresses || m.cc_addresses || m.bcc_addresses, ' '))
             as recipients
      from messages m where m.workspace_id = ${workspaceId} and ${scope} and m.set_aside is null
  ), c as (
    select m.mailbox_id, m.message_id, m.thread_key, m.direction, m.sent_at, m.cps,
           (m.sent_at at time zone g.company_timezone)::date as local_date,
           lower(array_to_string(array[m.from_address] || m.to_addresses || m.cc_addresses
                                   || m.bcc_addresses, ' ')) ~ ${classes.internal} as internal,
           m.recipients <> '' and m.recipients !~ ${classes.internal} as external_recipient,
           -- A person outside among the recipients: not only colleagues and noreply@ and the like.
           m.recipients <> '' and m.recipients !~ ${classes.noPersonOutside} as person_outside,
           lower(m.from_address) ~ ${classes.internal} as internal_sender,
           ${automated(classes)} as automated,
           ${ownAutomatic} as own_automatic,
           split_part(lower(m.from_address), '@', 2) as sender_domain,
           -- A forward's recipients' domains ("a@x.example b@y.example" to {x.example,y.example}).
           case when m.subject ~* ${FORWARD}
                then string_to_array(regexp_replace(m.recipients, '[^ @]*@', '', 'g'), ' ')
           end as forwarded_to,
           coalesce(${excluded}, false) as excluded
      from m cross join g
  ), f as (
    select c.*,
           -- A request comes from outside: a colleague's message is none, whoever it copies
           -- (and an internal message, all of whose addresses are internal, has an internal
           -- sender).
           direction = 'inbound' and not internal_sender and not automated and not excluded
             as counted,
           -- Sent: outbound, not internal, not excluded, to someone outside, written by a
           -- person; a reply as well when it follows a counted inbound message (below).
           direction = 'outbound' and not internal and not excluded and external_recipient
             and not own_automatic as sent,
           -- A colleague's answer to someone outside that reached the mailbox (in Cc, by
           -- reply-all, relayed by the company's group): the team answered, as by a reply.
           direction = 'inbound' and internal_sender and external_recipient and not automated
             and not excluded as answered_by_colleague
      from c
  ), r as (
    -- A reply answers something: it comes after a counted inbound message of its thread, goes
    -- to a person outside (mail only to noreply@ and the like answers nothing, though sent), and
    -- a forward goes to the domain of one such message's sender.
    select f.*,
           (sent or answered_by_colleague) and person_outside
             and coalesce(min(sent_at) filter (where counted)
                            over (partition by mailbox_id, thread_key) < sent_at, false)
             and (forwarded_to is null or coalesce(forwarded_to && array_agg(sender_domain)
                    filter (where counted) over (partition by mailbox_id, thread_key
                      order by sent_at range between unbounded preceding
                                              and '1 microsecond'::interval preceding), false))
             as is_reply
      from f
  )
  select ${workspaceId}, ${generation}, mailbox_id, message_id, thread_key, direction, sent_at, local_date, internal,
         automated, excluded, counted, sent, is_reply,
         counted and coalesce(max(sent_at) filter (where is_reply)
                                over (partition by mailbox_id, thread_key) > sent_at, false),
         cps
    from r`;
}

// Runs: a reply closes the run before it, so the run number of a counted message is the number
// of replies before it; the reply numbered run + 1 answers the run. At equal times a reply sorts
// first, since only a reply *after* a message answers it. Excluded messages count nowhere, also
// not as a thread's first message. Business time is the same per-day arithmetic as
// stats_business_seconds, joined set-wise: each local day of the wait with hours adds the overlap,
// except the closed days of the hours' calendar (an anti-join on stats_closed_days).
const requests = ({ workspaceId, generation }: Generation, scope: Sql) => sql`
  insert into stats_requests (workspace_id, generation, mailbox_id, thread_key, first_message_id,
    first_at, local_date, last_at, last_local_date, reply_at, business_seconds, calendar_seconds,
    is_first_of_thread, counterparts)
  with g as (
    select company_timezone from stats_generations where workspace_id = ${workspaceId} and generation = ${generation}
  ), o as (
    select f.*,
           sum(is_reply::int) over (partition by mailbox_id, thread_key
             order by sent_at, is_reply desc, message_id rows unbounded preceding) as run,
           first_value(direction) over (partition by mailbox_id, thread_key
             order by sent_at, message_id) as first_direction,
           min(sent_at) filter (where is_reply) over (partition by mailbox_id, thread_key
             order by sent_at, is_reply desc, message_id
             rows between current row and unbounded following) as next_reply_at
      from stats_message_facts f
     where workspace_id = ${workspaceId} and generation = ${generation} and not is_excluded and ${scope}
  ), runs as (
    select mailbox_id, thread_key, run, min(sent_at) as first_at, max(sent_at) as last_at,
           (array_agg(message_id order by sent_at, message_id))[1] as first_id,
           (array_agg(counterparts[1] order by sent_at, message_id))[1] as counterpart,
           bool_or(first_direction = 'inbound') as thread_inbound,
           -- The first reply after the run's last message (after its first, as no reply is
           -- inside a run).
           min(next_reply_at) as reply_at
      from o where is_counted group by mailbox_id, thread_key, run
  ), answered as (
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
         a.thread_inbound and a.run = min(a.run) over (partition by a.mailbox_id, a.thread_key),
         array[a.counterpart]
    from answered a cross join g
    left join business b on b.mailbox_id = a.mailbox_id and b.first_id = a.first_id`;

interface GenerationSettings {
  internal_domains: string[];
  excluded_filters: Partial<ExcludedFilters>;
}

/** Writes the facts of `scope` (every message when null) into `generation`, replacing any. */
export async function computeFacts(
  tx: Queryable,
  workspaceId: number,
  generation: number,
  scope: FactScope | null,
): Promise<void> {
  const of: Generation = { workspaceId, generation };
  // A rebuild's statements sort and aggregate the whole history: in memory, and without JIT
  // (its compile time is paid per statement and outweighs its gain here).
  if (scope === null) {
    await tx.query(
      sql`select set_config('work_mem', '128MB', true), set_config('jit', 'off', true)`,
    );
  }
  const oldDays = scope === null ? [] : await threadDays(tx, workspaceId, generation, scope);
  for (const table of [sql`stats_message_facts`, sql`stats_requests`]) {
    await tx.query(
      sql`delete from ${table} where workspace_id = ${workspaceId} and generation = ${generation} and ${scopeSql(scope)}`,
    );
  }
  const [settings] = await tx.query<GenerationSettings>(
    sql`select internal_domains, excluded_filters from stats_generations
      where workspace_id = ${workspaceId} and generation = ${generation}`,
  );
  if (!settings) throw new Error(`generation ${generation} of ${workspaceId} has no settings`);
  const domains = settings.internal_domains;
  const classes = {
    internal: allOfDomains(domains),
    internalList: listOfDomains(domains),
    noPersonOutside: allOfDomainsOrLocalParts(domains, AUTOMATED_LOCAL_PARTS),
  };
  const excluded = exclusionPredicate(settings.excluded_filters);
  await tx.query(messageFacts(of, classes, excluded, scopeSql(scope)));
  // A rebuild fills the table from empty: fresh statistics keep the next plan sensible.
  if (scope === null) await tx.query(sql`analyze stats_message_facts`);
  if (scope === null) await writeAllDays(tx, workspaceId, generation);
  else {
    const newDays = await threadDays(tx, workspaceId, generation, scope);
    const days = [...new Set([...oldDays, ...newDays])];
    await rewriteDays(tx, workspaceId, generation, scope.mailboxId, days);
  }
  await tx.query(requests(of, scopeSql(scope)));
  if (scope === null) await tx.query(sql`analyze stats_requests, stats_daily_counts`);
}
