import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { ExcludedFilters } from '../../common/exclusions';
import { rewriteDays, scopeDays, writeAllDays } from './daily-sql';
import { requests } from './request-sql';
import { PUBLIC_MAIL_DOMAINS } from '../../common/public-mail-domains';
import { AUTOMATED_LOCAL_PARTS } from '../../common/automated-senders';
import {
  allOfDomains,
  allOfDomainsOrLocalParts,
  exclusionPredicate,
  listOfDomains,
} from './exclusion-sql';
import { automated, ownAutomatic, type Classes } from './message-class-sql';

// Per-message facts of one generation, computed by one set-based statement for a scope: the
// whole workspace (a rebuild) or some conversations (mail as it arrives). Conversations join the
// messages of every tracked mailbox (conversations.ts); the facts keep a row per mailbox and
// message, and `before` says which mailboxes hold the same message ahead of this one, so a figure
// over several mailboxes counts it once (definition 4). Per-row subqueries are kept few: they
// dominate the cost of a rebuild.

/** The facts of one workspace's generation. */
export interface Generation {
  workspaceId: number;
  generation: number;
}

/** Some conversations: the facts a refresh recomputes. */
type FactScope = readonly string[];

// Two texts rather than one `keys is null or …`, so a refresh plans an index scan.
const scopeSql = (scope: FactScope | null, key: Sql) =>
  scope === null ? sql`true` : sql`${key} = any(${scope}::text[])`;

/** Lower-cased addresses of a text[] expression, without a per-row subquery. */
const lowered = (addresses: Sql) =>
  sql`string_to_array(lower(array_to_string(${addresses}, ' ')), ' ')`;

/** Whom a message from this address must be answered at (definition 3): its domain, or itself. */
const partyOf = (address: Sql) =>
  sql`case when split_part(${address}, '@', 2) = any(${[...PUBLIC_MAIL_DOMAINS]}::text[])
           then ${address} else split_part(${address}, '@', 2) end`;

/**
 * The facts of the messages in `scope`. Spam counts nowhere; trash and deleted mail keeps its
 * figures (definition 5), and a request closed by hand closes its messages up to the closure. Only a reply that reaches a request's sender answers it (definition 3):
 * each counted message's party is matched with the parties each answer reached, in one window
 * over both, partitioned by conversation and party.
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
    is_reply, is_replied, counterparts, before, party, answer_at, is_closed, closed_by, closed_at)
  with g as (
    select company_timezone from stats_generations where workspace_id = ${workspaceId} and generation = ${generation}
  ), m as (
    select m.*, lower(mb.email) as own,
           case when m.direction = 'inbound' then array[lower(m.from_address)]
                else ${lowered(sql`m.to_addresses || m.cc_addresses || m.bcc_addresses`)}
           end as cps,
           lower(array_to_string(m.to_addresses || m.cc_addresses || m.bcc_addresses, ' '))
             as recipients,
           coalesce(m.message_id_header, m.mailbox_id::text || ':' || m.provider_id) as identity
      from messages m
      join mailboxes mb on mb.workspace_id = m.workspace_id and mb.mailbox_id = m.mailbox_id
     where m.workspace_id = ${workspaceId} and ${scope} and m.set_aside is distinct from 'spam'
  ), c as (
    select m.mailbox_id, m.message_id, m.conversation_key, m.direction, m.sent_at, m.cps,
           m.identity, m.recipients,
           (m.sent_at at time zone g.company_timezone)::date as local_date,
           lower(array_to_string(array[m.from_address] || m.to_addresses || m.cc_addresses
                                   || m.bcc_addresses, ' ')) ~ ${classes.internal} as internal,
           m.recipients <> '' and m.recipients !~ ${classes.internal} as external_recipient,
           -- A person outside among the recipients: not only colleagues and noreply@ and the like.
           m.recipients <> '' and m.recipients !~ ${classes.noPersonOutside} as person_outside,
           lower(m.from_address) ~ ${classes.internal} as internal_sender,
           ${automated(classes)} as automated,
           ${ownAutomatic} as own_automatic,
           ${partyOf(sql`lower(m.from_address)`)} as party,
           coalesce(${excluded}, false) as excluded,
           coalesce(m.set_aside = 'trash', false) as trashed,
           -- The copy counted once (definition 4): the sender's own, then the mailbox first in
           -- To, then in Cc, then the one stored first.
           row_number() over (partition by m.identity
             order by m.direction = 'outbound' desc,
                      array_position(${lowered(sql`m.to_addresses`)}, m.own) nulls last,
                      array_position(${lowered(sql`m.cc_addresses`)}, m.own) nulls last,
                      m.message_id) as copy
      from m cross join g
  ), f as (
    select c.*,
           -- A request comes from outside: a colleague's message is none, whoever it copies
           -- (and an internal message, all of whose addresses are internal, has an internal
           -- sender).
           direction = 'inbound' and not internal_sender and not automated and not excluded
             as counted,
           -- Sent: outbound, not internal, not excluded, to someone outside, written by a
           -- person; a reply as well when it answers a counted inbound message (below).
           direction = 'outbound' and not internal and not excluded and external_recipient
             and not own_automatic as sent,
           -- A colleague's answer to someone outside that reached the mailbox (in Cc, by
           -- reply-all, relayed by the company's group): the team answered, as by a reply.
           direction = 'inbound' and internal_sender and external_recipient and not automated
             and not excluded as answered_by_colleague
      from c
  ), reach as (
    -- The parties an answer reached: each recipient outside who is no automated sender's
    -- address, at its domain (its address at a public provider). A forward that reaches no
    -- sender's party answers nothing, as no other message does.
    select distinct f.conversation_key, f.mailbox_id, f.message_id, f.sent_at,
           ${partyOf(sql`r.address`)} as party
      from f cross join lateral unnest(string_to_array(f.recipients, ' ')) as r(address)
     where (f.sent or f.answered_by_colleague) and f.person_outside
       and r.address !~ ${classes.noPersonOutside}
  ), events as (
    select conversation_key, party, sent_at, mailbox_id, message_id, true as counted
      from f where counted
    union all
    select conversation_key, party, sent_at, mailbox_id, message_id, false from reach
  ), matched as (
    -- For a counted message the first answer after it; for an answer, whether a counted message
    -- came before it. At equal times an answer does not answer ("after it").
    select e.*,
           min(sent_at) filter (where not counted) over (partition by conversation_key, party
             order by sent_at range between '1 microsecond'::interval following
                                        and unbounded following) as answer_at,
           count(*) filter (where counted) over (partition by conversation_key, party
             order by sent_at range between unbounded preceding
                                        and '1 microsecond'::interval preceding) > 0 as answers
      from events e
  ), answered as (
    select mailbox_id, message_id, bool_or(answers) filter (where not counted) as is_reply,
           min(answer_at) filter (where counted) as answer_at
      from matched group by mailbox_id, message_id
  ), hand as (
    -- Requests closed by hand (migration 0033): the conversation and party of the request's
    -- first message, whose messages from it up to the closure it closes.
    select m.conversation_key, ${partyOf(sql`lower(m.from_address)`)} as party,
           m.sent_at as since, k.closed_at, k.closed_by
      from request_closures k
      join messages m on m.workspace_id = k.workspace_id and m.mailbox_id = k.mailbox_id
                     and m.message_id = k.message_id
     where k.workspace_id = ${workspaceId} and ${scope}
  )
  select ${workspaceId}, ${generation}, f.mailbox_id, f.message_id, f.conversation_key, f.direction,
         f.sent_at, f.local_date, f.internal, f.automated, f.excluded, f.counted, f.sent,
         coalesce(a.is_reply, false), f.counted and a.answer_at is not null, f.cps,
         coalesce(array_agg(f.mailbox_id) over (partition by f.identity order by f.copy
           rows between unbounded preceding and 1 preceding), '{}'),
         case when f.counted then f.party end, a.answer_at,
         f.counted and a.answer_at is null
           and (h.closed_at is not null or bool_and(f.trashed) over (partition by f.identity)),
         h.closed_by, h.closed_at
    from f left join answered a on a.mailbox_id = f.mailbox_id and a.message_id = f.message_id
    left join lateral (
      select h.closed_by, h.closed_at from hand h
       where f.counted and h.conversation_key = f.conversation_key and h.party = f.party
         -- Its first message at least, even when its date lies past the server's clock.
         and f.sent_at between h.since and greatest(h.since, h.closed_at)
       order by h.closed_at limit 1) h on true`;
}

interface GenerationSettings {
  internal_domains: string[];
  excluded_filters: Partial<ExcludedFilters>;
}

/** The generation's internal domains and exclusions, as the facts statement reads them. */
export async function rulesOf(tx: Queryable, { workspaceId, generation }: Generation) {
  const [settings] = await tx.query<GenerationSettings>(
    sql`select internal_domains, excluded_filters from stats_generations
      where workspace_id = ${workspaceId} and generation = ${generation}`,
  );
  if (!settings) throw new Error(`generation ${generation} of ${workspaceId} has no settings`);
  const domains = settings.internal_domains;
  const classes: Classes = {
    internal: allOfDomains(domains),
    internalList: listOfDomains(domains),
    noPersonOutside: allOfDomainsOrLocalParts(domains, AUTOMATED_LOCAL_PARTS),
  };
  return { classes, excluded: exclusionPredicate(settings.excluded_filters) };
}

/** What rulesOf reads: read once per batch or rebuild and passed to what needs it. */
export type Rules = Awaited<ReturnType<typeof rulesOf>>;

/** Facts of `table` in the scope, also those of its messages kept under an earlier key. */
const inScope = (of: Generation, scope: FactScope, table: Sql, messageColumn: Sql) => sql`
  ${table}.workspace_id = ${of.workspaceId} and ${table}.generation = ${of.generation}
  and (${table}.thread_key = any(${scope}::text[]) or ${table}.${messageColumn} in (
    select m.message_id from messages m
     where m.workspace_id = ${of.workspaceId} and m.conversation_key = any(${scope}::text[])))`;

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
  const facts = sql`stats_message_facts`;
  const oldDays =
    scope === null ? [] : await scopeDays(tx, inScope(of, scope, facts, sql`message_id`));
  if (scope === null) {
    for (const table of [facts, sql`stats_requests`]) {
      await tx.query(
        sql`delete from ${table} where workspace_id = ${workspaceId} and generation = ${generation}`,
      );
    }
  } else {
    await tx.query(
      sql`delete from stats_message_facts where ${inScope(of, scope, facts, sql`message_id`)}`,
    );
    const requestsTable = sql`stats_requests`;
    await tx.query(
      sql`delete from stats_requests where ${inScope(of, scope, requestsTable, sql`first_message_id`)}`,
    );
  }
  const { classes, excluded } = await rulesOf(tx, of);
  await tx.query(messageFacts(of, classes, excluded, scopeSql(scope, sql`m.conversation_key`)));
  if (scope === null) {
    // A rebuild fills the table from empty: fresh statistics keep the next plan sensible.
    await tx.query(sql`analyze stats_message_facts`);
    await writeAllDays(tx, of);
  } else {
    const newDays = await scopeDays(tx, inScope(of, scope, facts, sql`message_id`));
    await rewriteDays(tx, of, [...oldDays, ...newDays]);
  }
  await tx.query(requests(of, scopeSql(scope, sql`thread_key`)));
  if (scope === null) await tx.query(sql`analyze stats_requests, stats_daily_counts`);
}
