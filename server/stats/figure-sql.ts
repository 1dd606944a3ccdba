import { EMPTY, sql, type Sql } from '../db/sql';
import type { StatsScope } from './scope';

// The SQL the figures share: the facts of the current generation within a scope (its dates
// included, its mailboxes, its contact groups), keyed by a dimension, and the summary's
// aggregates per key.

/** Whether a fact's counterparts include a contact of the scope's groups (any, without groups). */
const inGroups = (
  scope: StatsScope,
  alias: Sql,
) => sql`(${scope.groupIds}::int[] is null or exists (
    select 1 from unnest(${alias}.counterparts) c
      join contacts k on k.workspace_id = ${scope.workspaceId} and k.group_id = any(${scope.groupIds}::int[])
                     and (k.value = c or k.value = split_part(c, '@', 2))))`;

/**
 * A fact counts once over several mailboxes (definition 4): only when none of the mailboxes
 * holding it ahead of its own (`before`) is among them. A breakdown by mailbox counts each
 * mailbox's own; one by team decides per team (keyOf).
 */
const once = (before: Sql, mailboxIds: readonly number[], dimension: Dimension) =>
  dimension === 'mailbox' || dimension === 'team'
    ? sql`true`
    : sql`not (${before} && ${mailboxIds}::int[])`;

/**
 * Messages on their date, requests on their first message's date, waiting requests (one per
 * awaiting conversation) on their last message's date; excluded messages nowhere.
 */
export const scopedFacts = (scope: StatsScope, dimension: Dimension = 'none') => {
  const { workspaceId, from, to, mailboxIds } = scope;
  const counted = (alias: Sql, before = sql`before`) =>
    sql`${alias}.mailbox_id = any(${mailboxIds}::int[]) and ${once(sql`${alias}.${before}`, mailboxIds, dimension)}`;
  return sql`
  gen as (
    select s.current_generation as g, coalesce(x.company_timezone, 'UTC') as tz
      from stats_state s
      left join stats_generations x
        on x.workspace_id = s.workspace_id and x.generation = s.current_generation
     where s.workspace_id = ${workspaceId}
  ), msgs as (
    select f.* from stats_message_facts f join gen on f.generation = gen.g
     where f.workspace_id = ${workspaceId} and f.local_date between ${from}::date and ${to}::date
       and ${counted(sql`f`)} and not f.is_excluded and ${inGroups(scope, sql`f`)}
  ), days as (
    select d.* from stats_daily_counts d join gen on d.generation = gen.g
     where d.workspace_id = ${workspaceId} and d.local_date between ${from}::date and ${to}::date
       and ${counted(sql`d`)}
  ), reqs as (
    select r.* from stats_requests r join gen on r.generation = gen.g
     where r.workspace_id = ${workspaceId} and r.local_date between ${from}::date and ${to}::date
       and ${counted(sql`r`)} and ${inGroups(scope, sql`r`)}
  ), waits as (
    select r.* from stats_requests r join gen on r.generation = gen.g
     where r.workspace_id = ${workspaceId} and r.is_waiting
       and r.last_local_date between ${from}::date and ${to}::date
       and ${counted(sql`r`, sql`wait_before`)} and ${inGroups(scope, sql`r`)}
  )`;
};

export type Dimension = 'none' | 'mailbox' | 'team' | 'contact_group' | 'domain' | 'day' | 'week';

/** A scoped relation of `scopedFacts` and the date column a fact is keyed on. */
interface Facts {
  source: Sql;
  date: Sql;
  /** The mailboxes holding the fact ahead of this row's (definition 4). */
  before: Sql;
}

const MESSAGES: Facts = { source: sql`msgs`, date: sql`local_date`, before: sql`before` };
const DAYS: Facts = { source: sql`days`, date: sql`local_date`, before: sql`before` };
const REQUESTS: Facts = { source: sql`reqs`, date: sql`local_date`, before: sql`before` };
const WAITS: Facts = { source: sql`waits`, date: sql`last_local_date`, before: sql`wait_before` };

/** The key of a fact row (alias `f`) and the join that provides it; `date` is its date column. */
function keyOf(
  scope: StatsScope,
  dimension: Dimension,
  { date, before }: Facts,
): { join: Sql; key: Sql } {
  const { workspaceId, groupIds } = scope;
  switch (dimension) {
    case 'none':
      return { join: EMPTY, key: sql`''::text` };
    case 'mailbox':
      return {
        join: sql`join mailboxes mb on mb.workspace_id = ${workspaceId} and mb.mailbox_id = f.mailbox_id`,
        key: sql`lower(mb.email)`,
      };
    case 'team':
      // Once per team: the team's mailboxes within the scope (definition 4).
      return {
        join: sql`join team_members tm on tm.workspace_id = ${workspaceId} and tm.mailbox_id = f.mailbox_id
               join teams tt on tt.workspace_id = ${workspaceId} and tt.team_id = tm.team_id
               join (select team_id, array_agg(mailbox_id) as members from team_members
                      where workspace_id = ${workspaceId} and mailbox_id = any(${scope.mailboxIds}::int[])
                      group by team_id) ts on ts.team_id = tm.team_id and not (f.${before} && ts.members)`,
        key: sql`tt.name`,
      };
    case 'contact_group':
      return {
        join: sql`cross join lateral (
                 select distinct cg.name from unnest(f.counterparts) c
                   join contacts k on k.workspace_id = ${workspaceId}
                                  and (k.value = c or k.value = split_part(c, '@', 2))
                   join contact_groups cg on cg.workspace_id = ${workspaceId} and cg.group_id = k.group_id
                  where ${groupIds}::int[] is null or cg.group_id = any(${groupIds}::int[])) x`,
        key: sql`x.name`,
      };
    case 'domain':
      return {
        join: sql`cross join lateral (
                 select distinct split_part(c, '@', 2) as domain from unnest(f.counterparts) c) x`,
        key: sql`x.domain`,
      };
    case 'day':
      return { join: EMPTY, key: sql`to_char(f.${date}, 'YYYY-MM-DD')` };
    case 'week':
      return { join: EMPTY, key: sql`to_char(date_trunc('week', f.${date}), 'YYYY-MM-DD')` };
  }
}

const keyed = (scope: StatsScope, facts: Facts, dimension: Dimension) => {
  const { join, key } = keyOf(scope, dimension, facts);
  return sql`select ${key} as key, f.* from ${facts.source} f ${join}`;
};

/** Seconds rounded to the millisecond, so both databases print the same figures. */
export const ms = (expression: Sql) => sql`round((${expression})::numeric, 3)::float8`;

const times = (column: Sql, filter: Sql) =>
  sql`${ms(sql`avg(${column}) filter (where ${filter})`)}, ${ms(
    sql`percentile_cont(0.5) within group (order by ${column}) filter (where ${filter})`,
  )}, ${ms(sql`percentile_cont(0.9) within group (order by ${column}) filter (where ${filter})`)}`;

const factCounts = (scope: StatsScope, dimension: Dimension) => sql`
    select key,
           count(*) filter (where is_counted)::int as received,
           count(*) filter (where is_sent)::int as sent,
           count(*) filter (where is_counted and is_replied)::int as replied,
           count(*) filter (where is_counted and not is_replied)::int as unreplied,
           count(*) filter (where is_internal)::int as internal,
           count(*) filter (where is_automated)::int as automated
      from (${keyed(scope, MESSAGES, dimension)}) k group by key`;

/** The same counts from the per-day sums; their rows carry mailbox_id and local_date. */
export const dailyCounts = (scope: StatsScope, dimension: Dimension) => sql`
    select key, sum(received)::int as received, sum(sent)::int as sent,
           sum(replied)::int as replied, sum(unreplied)::int as unreplied,
           sum(internal)::int as internal, sum(automated)::int as automated
      from (${keyed(scope, DAYS, dimension)}) k group by key`;

/** Dimensions whose key is a function of the mailbox and the day: the per-day sums serve them. */
export const dailyDimension = (dimension: Dimension) =>
  ['none', 'mailbox', 'team', 'day', 'week'].includes(dimension);

const BUSINESS = sql`business_seconds`;
const CALENDAR = sql`calendar_seconds`;
const ALL = sql`true`;
const FIRST = sql`is_first_of_thread`;

/**
 * The summary's figures per key, one row per key; `target` is in business seconds. `keys`: the
 * keys listed, a fixed set (a summary's one, a series' periods), or null for those with data.
 * `daily`: counts from the per-day sums (not with a contact-group filter, which needs each
 * message's counterparts). Rows come back with the aggregates named as in `FigureRow`.
 */
export function figuresSql(
  scope: StatsScope,
  target: number,
  dimension: Dimension,
  keys: Sql | null,
  daily: boolean,
): Sql {
  const keyRows = keys ?? sql`select key from m union select key from r union select key from w`;
  return sql`with ${scopedFacts(scope, dimension)},
  m as (${daily ? dailyCounts(scope, dimension) : factCounts(scope, dimension)}
  ), r as (
    select key,
           array[${times(BUSINESS, ALL)}] as rt_business,
           array[${times(CALENDAR, ALL)}] as rt_calendar,
           array[${times(BUSINESS, FIRST)}] as frt_business,
           array[${times(CALENDAR, FIRST)}] as frt_calendar,
           ${ms(sql`(count(*) filter (where business_seconds <= ${target}))::float8
                 / nullif(count(business_seconds), 0)`)} as share
      from (${keyed(scope, REQUESTS, dimension)}) k group by key
  ), w as (
    -- A mailbox's conversation has at most one waiting request (request-sql.ts), so counting
    -- waiting requests counts awaiting conversations, without sorting their keys.
    select key, count(*)::int as awaiting
      from (${keyed(scope, WAITS, dimension)}) k group by key
  ), keys as (${keyRows})
  select keys.key,
         coalesce(m.received, 0) as received, coalesce(m.sent, 0) as sent,
         coalesce(m.replied, 0) as replied, coalesce(m.unreplied, 0) as unreplied,
         coalesce(w.awaiting, 0) as awaiting, coalesce(m.internal, 0) as internal,
         coalesce(m.automated, 0) as automated,
         r.rt_business, r.rt_calendar, r.frt_business, r.frt_calendar, r.share
    from keys
    left join m on m.key = keys.key
    left join r on r.key = keys.key
    left join w on w.key = keys.key
   order by keys.key collate "C"`;
}
