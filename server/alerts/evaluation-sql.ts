// The alert evaluation as one statement over every alert a process has leased: the counted,
// unreplied inbound messages of the alert's mailboxes from a watched sender whose business-time
// wait has reached the gap, not yet notified by that alert. It records them as notified, writes
// one email and one webhook outbox row per alert that has any, sets Last triggered and releases
// the leases, all in one transaction, so a kill at any point loses and doubles nothing.
// $1 lease owner, $2 now, $3 seconds until the alert's next evaluation.

/** A watched domain matches itself and its subdomains; `*.example.com` is read as example.com. */
const SENDER_MATCHES = `(
  f.counterparts[1] = any(d.addresses)
  or exists (
    select 1 from unnest(d.domains) w
     cross join lateral (select ltrim(w, '*.') as dom, split_part(f.counterparts[1], '@', 2) as host) x
     where x.host = x.dom or right(x.host, length(x.dom) + 1) = '.' || x.dom))`;

export const EVALUATE_LEASED = `
  with due as (
    select a.workspace_id, a.alert_id, a.name, a.minutes_gap, a.addresses, a.domains,
           a.watching_since, a.notify_emails, a.notify_webhook, s.current_generation as generation
      from alerts a
      join stats_state s on s.workspace_id = a.workspace_id and s.current_generation is not null
     where a.eval_lease_owner = $1 and a.is_active
  ), candidates as (
    select d.workspace_id, d.alert_id, d.minutes_gap * 60 as gap, d.generation, d.watching_since,
           f.mailbox_id, f.message_id, f.sent_at
      from due d
      join alert_mailboxes am on am.workspace_id = d.workspace_id and am.alert_id = d.alert_id
      join stats_message_facts f
        on f.workspace_id = d.workspace_id and f.generation = d.generation
       and f.mailbox_id = am.mailbox_id
     where f.is_counted and not f.is_replied and f.direction = 'inbound' and f.sent_at <= $2
       and ${SENDER_MATCHES}
       and not exists (
         select 1 from alert_notified n
          where n.workspace_id = d.workspace_id and n.alert_id = d.alert_id
            and n.mailbox_id = f.mailbox_id and n.message_id = f.message_id)
  ), waited as (
    select c.*, stats_business_seconds(c.workspace_id, c.generation, c.mailbox_id, c.sent_at, $2)
             as waited_seconds
      from candidates c
  ), hits as (
    -- Overdue already when the alert was created or resumed: only if it arrived in the 7 days
    -- before, so nothing important is lost and nothing ancient floods in.
    select w.* from waited w
     where w.waited_seconds >= w.gap
       and (w.sent_at >= w.watching_since - interval '7 days'
            or stats_business_seconds(w.workspace_id, w.generation, w.mailbox_id, w.sent_at,
                                      w.watching_since) < w.gap)
  ), marked as (
    insert into alert_notified (workspace_id, alert_id, mailbox_id, message_id, notified_at)
    select workspace_id, alert_id, mailbox_id, message_id, $2 from hits
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
             'minutes_gap', d.minutes_gap, 'evaluated_at', $2::timestamptz,
             'to', to_jsonb(d.notify_emails), 'webhook', d.notify_webhook, 'items', i.items),
           $2, $2, $2::timestamptz + interval '24 hours'
      from items i
      join due d using (workspace_id, alert_id)
      cross join (values ('alert_email'), ('alert_webhook')) as c(kind)
     where (c.kind = 'alert_email' and cardinality(d.notify_emails) > 0)
        or (c.kind = 'alert_webhook' and d.notify_webhook is not null)
    returning request_id
  ), released as (
    update alerts a
       set eval_lease_owner = null, eval_lease_expires_at = null,
           next_evaluation_at = $2::timestamptz + make_interval(secs => $3),
           last_triggered_at = case when exists (
             select 1 from items i where i.workspace_id = a.workspace_id and i.alert_id = a.alert_id)
             then $2::timestamptz else a.last_triggered_at end
     where a.eval_lease_owner = $1
    returning a.alert_id
  )
  select (select count(*) from released)::int as alerts,
         (select count(*) from marked)::int as notified,
         (select count(*) from outbox)::int as outbox_rows`;

/**
 * Leases the active alerts that are due, of workspaces whose alerts feature is on. `skip locked`
 * and the lease expiry let several processes share the work without evaluating an alert twice.
 * $1 owner, $2 now, $3 lease seconds, $4 most alerts per run.
 */
export const LEASE_DUE_ALERTS = `
  update alerts a set eval_lease_owner = $1,
                      eval_lease_expires_at = $2::timestamptz + make_interval(secs => $3)
   where (a.workspace_id, a.alert_id) in (
     select d.workspace_id, d.alert_id from alerts d
       join workspace_features wf
         on wf.workspace_id = d.workspace_id and wf.feature = 'alerts' and wf.enabled
      where d.is_active and d.next_evaluation_at <= $2
        and (d.eval_lease_expires_at is null or d.eval_lease_expires_at <= $2)
      order by d.next_evaluation_at
      limit $4
      for update of d skip locked)
  returning a.alert_id`;
