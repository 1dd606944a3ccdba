import { sql } from '../db/sql';
import { businessBetween, clockAt, clockCtes, clockOf, floorOf } from './business-clock-sql';

// The alert evaluation as one statement over every alert a process has leased: the counted,
// unreplied inbound messages of the alert's mailboxes from a watched sender whose business-time
// wait has reached the gap, not yet notified by that alert. It records them as notified, writes
// one email and one webhook outbox row per alert that found some, sets Last triggered, releases
// the leases, all in one transaction, so a kill at any point loses and doubles nothing. The alert
// is next due when its first waiting message becomes overdue, or after the interval for new mail.

/** The sender's host reversed, as migration 0010 indexes it: `com.acme.sales` for a@sales.acme.com. */
const REVERSED_HOST = sql`(reverse(split_part(f.counterparts[1], '@', 2)) collate "C")`;

/**
 * Unreplied counted inbound messages of the watched mailbox, since its floor: not closed (all
 * copies in trash), and once across the alert's mailboxes (the copy no other of them holds ahead).
 */
const UNREPLIED_SINCE_FLOOR = sql`f.workspace_id = w.workspace_id and f.generation = w.generation
  and f.mailbox_id = w.mailbox_id and f.is_counted and not f.is_replied and f.direction = 'inbound'
  and f.sent_at >= w.floor and not f.is_closed and not (f.before && w.watched_ids)`;

/** The sender's host is the watched domain `r.host` (reversed) or one of its subdomains. */
const IN_DOMAIN = sql`${REVERSED_HOST} >= r.host and ${REVERSED_HOST} < r.host || '/'
  and (${REVERSED_HOST} = r.host or left(${REVERSED_HOST}, length(r.host) + 1) = r.host || '.')`;

/**
 * Evaluates the alerts leased by `owner` at `now`; each is next due at the latest
 * `intervalSeconds` later.
 */
export const evaluateLeased = (owner: string, now: Date, intervalSeconds: number) => sql`
  with due as (
    select a.workspace_id, a.alert_id, a.name, a.minutes_gap, a.addresses, a.domains,
           a.watching_since, a.notify_emails, a.notify_webhook, s.current_generation as generation
      from alerts a
      join stats_state s on s.workspace_id = a.workspace_id and s.current_generation is not null
     where a.eval_lease_owner = ${owner} and a.is_active
  ), watched as (
    select d.workspace_id, d.alert_id, d.generation, d.addresses, d.domains, d.watching_since,
           am.mailbox_id, d.minutes_gap * 60::bigint as gap,
           array_agg(am.mailbox_id) over (partition by d.workspace_id, d.alert_id) as watched_ids
      from due d
      join alert_mailboxes am on am.workspace_id = d.workspace_id and am.alert_id = d.alert_id
  ), ${clockCtes(now)}, floored as (
    -- A message older than the watch's start by 7 days or more counts only if it was not yet
    -- overdue then. When the business time over some span before the start reaches the gap, so
    -- does every earlier message's, so the search can begin there (exactly; otherwise the
    -- per-message test in hits decides). No hour set: no floor, as stats_business_seconds gives
    -- null.
    select w.*, coalesce(${floorOf(sql`w`, sql`s`, sql`k`)}, '-infinity'::timestamptz) as floor,
           ${clockAt(sql`k`, sql`s`, sql`w.watching_since`)} as b_watch
      from watched w
      left join clock_sets s using (workspace_id, generation, mailbox_id)
      ${clockOf(sql`k`, sql`s`)}
  ), matched as materialized (
    -- By watched address (equality) and by watched domain (its reversed host and the hosts
    -- that extend it by a dot: a range, then the exact test), each key looked up in migration
    -- 0010's indexes. "offset 0" keeps each lookup its own subquery, so the planner cannot turn
    -- the join around and scan a mailbox's messages once per key.
    select w.workspace_id, w.alert_id, w.generation, w.mailbox_id, w.gap, w.watching_since,
           w.b_watch, f.message_id, f.sent_at
      from floored w
      cross join unnest(w.addresses) as k(address)
      cross join lateral (
        select f.message_id, f.sent_at from stats_message_facts f
         where ${UNREPLIED_SINCE_FLOOR} and f.counterparts[1] = k.address offset 0) f
    union
    select w.workspace_id, w.alert_id, w.generation, w.mailbox_id, w.gap, w.watching_since,
           w.b_watch, f.message_id, f.sent_at
      from floored w
      cross join unnest(w.domains) as k(domain)
      cross join lateral (select reverse(ltrim(k.domain, '*.')) collate "C" as host) r
      cross join lateral (
        select f.message_id, f.sent_at from stats_message_facts f
         where ${UNREPLIED_SINCE_FLOOR} and ${IN_DOMAIN} offset 0) f
  ), candidates as materialized (
    -- Not yet notified, before any business time is computed: most matches were told already.
    select m.* from matched m
     where not exists (
       select 1 from alert_notified n
        where n.workspace_id = m.workspace_id and n.alert_id = m.alert_id
          and n.mailbox_id = m.mailbox_id and n.message_id = m.message_id)
  ), waited as (
    -- Business time never exceeds calendar time, so a message after now - gap is not overdue
    -- yet (its wait is left null) but is among the next to become so.
    select c.*, ${clockAt(sql`k`, sql`s`, sql`c.sent_at`)} as b_sent,
           case when c.sent_at <= ${now}::timestamptz - make_interval(secs => c.gap)
                then ${businessBetween(
                  sql`c.sent_at`,
                  sql`${now}::timestamptz`,
                  clockAt(sql`k`, sql`s`, sql`c.sent_at`),
                  clockAt(sql`k`, sql`s`, sql`${now}::timestamptz`),
                  sql`stats_business_seconds(c.workspace_id, c.generation, c.mailbox_id, c.sent_at,
                                             ${now})`,
                )} end as waited_seconds
      from candidates c
      left join clock_sets s using (workspace_id, generation, mailbox_id)
      ${clockOf(sql`k`, sql`s`)}
  ), pending as (
    -- Waiting, not yet overdue. Business time grows with the wait, so of each mailbox's the
    -- oldest is the first to be due; mailboxes on the same hours (most have the company's, set
    -- 0) share one stats_business_due call. Messages the 7-day rule leaves out were overdue at
    -- the watch's start: never pending. The hours are looked up once per mailbox, not message.
    select p.workspace_id, p.alert_id, p.generation, hs.mailbox_id as hours_id, p.gap,
           min(p.sent_at) as sent_at
      from (select w.workspace_id, w.alert_id, w.generation, w.mailbox_id, w.gap,
                   min(w.sent_at) as sent_at
              from waited w
             where w.waited_seconds is null or w.waited_seconds < w.gap
             group by w.workspace_id, w.alert_id, w.generation, w.mailbox_id, w.gap) p
      cross join lateral (
        select s.mailbox_id from stats_hour_sets s
         where s.workspace_id = p.workspace_id and s.generation = p.generation
           and s.mailbox_id in (p.mailbox_id, 0)
         order by s.mailbox_id desc limit 1) hs
     group by p.workspace_id, p.alert_id, p.generation, hs.mailbox_id, p.gap
  ), next_due as materialized (
    select workspace_id, alert_id,
           min(stats_business_due(workspace_id, generation, hours_id, sent_at, gap)) as due_at
      from pending
     group by workspace_id, alert_id
  ), hits as (
    -- Overdue already when the alert was created or resumed: only if it arrived in the 7 days
    -- before, so nothing important is lost and nothing ancient floods in.
    select w.* from waited w
     where w.waited_seconds >= w.gap
       and (w.sent_at >= w.watching_since - interval '7 days'
            or ${businessBetween(
              sql`w.sent_at`,
              sql`w.watching_since`,
              sql`w.b_sent`,
              sql`w.b_watch`,
              sql`stats_business_seconds(w.workspace_id, w.generation, w.mailbox_id, w.sent_at,
                                         w.watching_since)`,
            )} < w.gap)
  ), marked as (
    insert into alert_notified (workspace_id, alert_id, mailbox_id, message_id, notified_at)
    select workspace_id, alert_id, mailbox_id, message_id, ${now} from hits
    on conflict do nothing
    returning workspace_id, alert_id, mailbox_id, message_id
  ), items as (
    select k.workspace_id, k.alert_id,
           jsonb_agg(jsonb_build_object(
             'mailbox', mb.email, 'sender', m.from_address, 'sender_name', m.from_name,
             'subject', m.subject, 'received', m.sent_at,
             'waiting_minutes', floor(h.waited_seconds / 60)::int
           ) order by m.sent_at, m.message_id) as items
      from marked k
      join hits h using (workspace_id, alert_id, mailbox_id, message_id)
      join messages m using (workspace_id, mailbox_id, message_id)
      join mailboxes mb using (workspace_id, mailbox_id)
     group by k.workspace_id, k.alert_id
  ), outbox as (
    insert into outbound_requests (workspace_id, kind, alert_id, payload, created_at,
                                   next_attempt_at, give_up_at)
    select i.workspace_id, c.kind, i.alert_id,
           jsonb_build_object('alert_id', d.alert_id, 'alert', d.name,
             'minutes_gap', d.minutes_gap, 'evaluated_at', ${now}::timestamptz,
             'to', to_jsonb(d.notify_emails), 'webhook', d.notify_webhook, 'items', i.items),
           ${now}, ${now}, ${now}::timestamptz + interval '24 hours'
      from items i
      join due d using (workspace_id, alert_id)
      cross join (values ('alert_email'), ('alert_webhook')) as c(kind)
     where (c.kind = 'alert_email' and cardinality(d.notify_emails) > 0)
        or (c.kind = 'alert_webhook' and d.notify_webhook is not null)
    returning request_id
  ), planned as (
    -- Every leased alert's next evaluation. next_due is computed once, before: planned as the
    -- single row its estimate says, it would otherwise be computed again for every alert.
    select l.workspace_id, l.alert_id,
           least(${now}::timestamptz + make_interval(secs => ${intervalSeconds}), n.due_at) as next_at
      from alerts l
      left join next_due n using (workspace_id, alert_id)
     where l.eval_lease_owner = ${owner}
  ), released as (
    update alerts a
       set eval_lease_owner = null, eval_lease_expires_at = null, next_evaluation_at = p.next_at,
           last_triggered_at = case when exists (
             select 1 from items i where i.workspace_id = a.workspace_id and i.alert_id = a.alert_id)
             then ${now}::timestamptz else a.last_triggered_at end
      from planned p
     where p.workspace_id = a.workspace_id and p.alert_id = a.alert_id
       and a.eval_lease_owner = ${owner}
    returning a.alert_id
  )
  select (select count(*) from released)::int as alerts,
         (select count(*) from marked)::int as notified,
         (select count(*) from outbox)::int as outbox_rows`;

/** Who leases, when, for how long, and at most how many alerts. */
interface Lease {
  owner: string;
  now: Date;
  seconds: number;
  most: number;
}

/**
 * Leases the active alerts that are due, of workspaces whose alerts feature is on. `skip locked`
 * and the lease expiry let several processes share the work without evaluating an alert twice.
 */
export const leaseDueAlerts = ({ owner, now, seconds, most }: Lease) => sql`
  update alerts a set eval_lease_owner = ${owner},
                      eval_lease_expires_at = ${now}::timestamptz + make_interval(secs => ${seconds})
   where (a.workspace_id, a.alert_id) in (
     select d.workspace_id, d.alert_id from alerts d
       join workspace_features wf
         on wf.workspace_id = d.workspace_id and wf.feature = 'alerts' and wf.enabled
      where d.is_active and d.next_evaluation_at <= ${now}
        and (d.eval_lease_expires_at is null or d.eval_lease_expires_at <= ${now})
      order by d.next_evaluation_at
      limit ${most}
      for update of d skip locked)
  returning a.alert_id`;
