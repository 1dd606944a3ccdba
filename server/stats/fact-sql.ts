import type { Queryable } from '../db/types';

// Per-message and per-request facts of one generation, computed by two set-based statements for
// a scope: the whole workspace (a rebuild) or some threads of one mailbox (mail as it arrives).
// Parameters: $1 workspace, $2 generation, $3 mailbox (null: all), $4 thread keys.

const SCOPE = `($3::int is null or (mailbox_id = $3 and thread_key = any($4::text[])))`;

/** A filter list of the generation's exclusions, lower-cased. */
const list = (field: string, operator: string) =>
  `array(select lower(btrim(v)) from jsonb_array_elements_text(
     coalesce(g.excluded_filters #> '{${field},${operator}}', '[]')) v) as ${field}_${operator}`;

const FIELDS = ['addresses', 'domains', 'subject', 'labels', 'folders', 'categories'];

/** Whether any item of `items` is a substring of any value of `vals` (both lower-case). */
const anyContains = (vals: string, items: string) =>
  `exists (select 1 from unnest(${vals}) v, unnest(${items}) i where strpos(v, i) > 0)`;

// Rows are OR'ed and a row matches when any item does. Address and Domain test the counterpart
// (sender of inbound, recipients of outbound); a `*.domain` item also matches its subdomains.
const EXCLUDED = `(
     m.cps && x.addresses_is
  or ${anyContains('m.cps', 'x.addresses_contains')}
  or exists (select 1 from unnest(m.cps) c, unnest(x.domains_is) i
              where split_part(c, '@', 2) = i
                 or (i like '*.%' and (split_part(c, '@', 2) = substr(i, 3)
                     or right(split_part(c, '@', 2), length(i) - 1) = substr(i, 2))))
  or ${anyContains(`array(select split_part(c, '@', 2) from unnest(m.cps) c)`, 'x.domains_contains')}
  or lower(m.subject) = any(x.subject_is)
  or ${anyContains('array[lower(m.subject)]', 'x.subject_contains')}
  or array(select lower(l) from unnest(m.labels) l) && x.labels_is
  or ${anyContains('array(select lower(l) from unnest(m.labels) l)', 'x.labels_contains')}
  or lower(m.folder) = any(x.folders_is)
  or ${anyContains('array[lower(m.folder)]', 'x.folders_contains')}
  or array(select lower(l) from unnest(m.categories) l) && x.categories_is
  or ${anyContains('array(select lower(l) from unnest(m.categories) l)', 'x.categories_contains')}
)`;

const domainOf = (address: string) => `split_part(lower(${address}), '@', 2)`;

// RFC 3834: Auto-Submitted other than `no` (parameters after `;` ignored); Precedence bulk, junk
// or list; any List-Id.
const AUTOMATED = `(m.direction = 'inbound' and (
     coalesce(lower(btrim(split_part(m.auto_submitted, ';', 1))), '') not in ('', 'no')
  or lower(btrim(m.precedence)) in ('bulk', 'junk', 'list')
  or coalesce(btrim(m.list_id), '') <> ''))`;

const MESSAGE_FACTS = `
  insert into stats_message_facts (workspace_id, generation, mailbox_id, message_id, thread_key,
    direction, sent_at, local_date, is_internal, is_automated, is_excluded, is_counted, is_reply,
    is_replied, counterparts)
  with g as (
    select * from stats_generations where workspace_id = $1 and generation = $2
  ), x as (
    select ${FIELDS.flatMap((f) => [list(f, 'is'), list(f, 'contains')]).join(', ')} from g
  ), m as (
    select m.*,
           case when m.direction = 'inbound' then array[lower(m.from_address)]
                else array(select lower(a) from unnest(m.to_addresses || m.cc_addresses) a)
           end as cps
      from messages m where m.workspace_id = $1 and ${SCOPE}
  ), c as (
    select m.mailbox_id, m.message_id, m.thread_key, m.direction, m.sent_at, m.cps,
           (m.sent_at at time zone g.company_timezone)::date as local_date,
           coalesce((select bool_and(${domainOf('a')} = any(g.internal_domains))
                       from unnest(array[m.from_address] || m.to_addresses || m.cc_addresses) a),
                    false) as internal,
           exists (select 1 from unnest(m.to_addresses || m.cc_addresses) a
                    where not ${domainOf('a')} = any(g.internal_domains)) as external_recipient,
           coalesce(${AUTOMATED}, false) as automated,
           coalesce(${EXCLUDED}, false) as excluded
      from m cross join g cross join x
  ), f as (
    select c.*,
           direction = 'inbound' and not internal and not automated and not excluded as counted,
           direction = 'outbound' and not internal and not excluded and external_recipient as reply
      from c
  ), r as (
    -- A reply answers something: it comes after a counted inbound message of its thread.
    select f.*,
           reply and coalesce(min(sent_at) filter (where counted)
                                over (partition by mailbox_id, thread_key) < sent_at, false)
             as is_reply
      from f
  )
  select $1, $2, mailbox_id, message_id, thread_key, direction, sent_at, local_date, internal,
         automated, excluded, counted, is_reply,
         counted and coalesce(max(sent_at) filter (where is_reply)
                                over (partition by mailbox_id, thread_key) > sent_at, false),
         cps
    from r`;

// Runs: a reply closes the run before it, so the run number of a counted message is the number
// of replies before it; the reply numbered run + 1 answers the run. At equal times a reply sorts
// first, since only a reply *after* a message answers it. Excluded messages count nowhere, also
// not as a thread's first message.
const REQUESTS = `
  insert into stats_requests (workspace_id, generation, mailbox_id, thread_key, first_message_id,
    first_at, local_date, last_at, last_local_date, reply_at, business_seconds, calendar_seconds,
    is_first_of_thread, counterparts)
  with g as (
    select * from stats_generations where workspace_id = $1 and generation = $2
  ), o as (
    select f.*,
           sum(is_reply::int) over (partition by mailbox_id, thread_key
             order by sent_at, is_reply desc, message_id rows unbounded preceding) as run,
           first_value(direction) over (partition by mailbox_id, thread_key
             order by sent_at, message_id) as first_direction
      from stats_message_facts f
     where workspace_id = $1 and generation = $2 and not is_excluded and ${SCOPE}
  ), runs as (
    select mailbox_id, thread_key, run, min(sent_at) as first_at, max(sent_at) as last_at,
           (array_agg(message_id order by sent_at, message_id))[1] as first_id,
           (array_agg(counterparts[1] order by sent_at, message_id))[1] as counterpart,
           bool_or(first_direction = 'inbound') as thread_inbound
      from o where is_counted group by mailbox_id, thread_key, run
  ), replies as (
    select mailbox_id, thread_key, run, min(sent_at) as reply_at
      from o where is_reply group by mailbox_id, thread_key, run
  )
  select $1, $2, r.mailbox_id, r.thread_key, r.first_id, r.first_at,
         (r.first_at at time zone g.company_timezone)::date, r.last_at,
         (r.last_at at time zone g.company_timezone)::date, p.reply_at,
         case when p.reply_at is not null
              then stats_business_seconds($1, $2, r.mailbox_id, r.first_at, p.reply_at) end,
         extract(epoch from p.reply_at - r.first_at)::double precision,
         r.thread_inbound and r.run = min(r.run) over (partition by r.mailbox_id, r.thread_key),
         array[r.counterpart]
    from runs r cross join g
    left join replies p
      on p.mailbox_id = r.mailbox_id and p.thread_key = r.thread_key and p.run = r.run + 1`;

export interface FactScope {
  mailboxId: number;
  threadKeys: readonly string[];
}

/** Writes the facts of `scope` (every message when null) into `generation`, replacing any. */
export async function computeFacts(
  tx: Queryable,
  workspaceId: number,
  generation: number,
  scope: FactScope | null,
): Promise<void> {
  const params = [workspaceId, generation, scope?.mailboxId ?? null, scope?.threadKeys ?? []];
  for (const table of ['stats_message_facts', 'stats_requests']) {
    await tx.query(
      `delete from ${table} where workspace_id = $1 and generation = $2 and ${SCOPE}`,
      params,
    );
  }
  await tx.query(MESSAGE_FACTS, params);
  await tx.query(REQUESTS, params);
}
