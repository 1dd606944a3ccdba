// The SQL the figures share: the facts of the current generation within a scope, keyed by a
// dimension, and the summary's aggregates per key. Parameters: $1 workspace, $2 from, $3 to
// (dates, included), $4 mailbox ids, $5 contact group ids (null: no filter).

/** Whether a fact's counterparts include a contact of the chosen groups. */
const inGroups = (alias: string) => `($5::int[] is null or exists (
    select 1 from unnest(${alias}.counterparts) c
      join contacts k on k.workspace_id = $1 and k.group_id = any($5::int[])
                     and (k.value = c or k.value = split_part(c, '@', 2))))`;

/**
 * Messages on their date, requests on their first message's date, waiting requests (one per
 * awaiting thread) on their last message's date; excluded messages nowhere.
 */
export const SCOPED_FACTS = `
  gen as (
    select s.current_generation as g, coalesce(x.company_timezone, 'UTC') as tz
      from stats_state s
      left join stats_generations x
        on x.workspace_id = s.workspace_id and x.generation = s.current_generation
     where s.workspace_id = $1
  ), msgs as (
    select f.* from stats_message_facts f join gen on f.generation = gen.g
     where f.workspace_id = $1 and f.local_date between $2::date and $3::date
       and f.mailbox_id = any($4::int[]) and not f.is_excluded and ${inGroups('f')}
  ), days as (
    select d.* from stats_daily_counts d join gen on d.generation = gen.g
     where d.workspace_id = $1 and d.local_date between $2::date and $3::date
       and d.mailbox_id = any($4::int[])
  ), reqs as (
    select r.* from stats_requests r join gen on r.generation = gen.g
     where r.workspace_id = $1 and r.local_date between $2::date and $3::date
       and r.mailbox_id = any($4::int[]) and ${inGroups('r')}
  ), waits as (
    select r.* from stats_requests r join gen on r.generation = gen.g
     where r.workspace_id = $1 and r.reply_at is null
       and r.last_local_date between $2::date and $3::date
       and r.mailbox_id = any($4::int[]) and ${inGroups('r')}
  )`;

export type Dimension = 'none' | 'mailbox' | 'team' | 'contact_group' | 'domain' | 'day' | 'week';

/** The key of a fact row (alias `f`) and the join that provides it; `date` is its date column. */
function keyOf(dimension: Dimension, date: string): { join: string; key: string } {
  switch (dimension) {
    case 'none':
      return { join: '', key: `''::text` };
    case 'mailbox':
      return {
        join: `join mailboxes mb on mb.workspace_id = $1 and mb.mailbox_id = f.mailbox_id`,
        key: 'lower(mb.email)',
      };
    case 'team':
      return {
        join: `join team_members tm on tm.workspace_id = $1 and tm.mailbox_id = f.mailbox_id
               join teams tt on tt.workspace_id = $1 and tt.team_id = tm.team_id`,
        key: 'tt.name',
      };
    case 'contact_group':
      return {
        join: `cross join lateral (
                 select distinct cg.name from unnest(f.counterparts) c
                   join contacts k on k.workspace_id = $1
                                  and (k.value = c or k.value = split_part(c, '@', 2))
                   join contact_groups cg on cg.workspace_id = $1 and cg.group_id = k.group_id
                  where $5::int[] is null or cg.group_id = any($5::int[])) x`,
        key: 'x.name',
      };
    case 'domain':
      return {
        join: `cross join lateral (
                 select distinct split_part(c, '@', 2) as domain from unnest(f.counterparts) c) x`,
        key: 'x.domain',
      };
    case 'day':
      return { join: '', key: `to_char(f.${date}, 'YYYY-MM-DD')` };
    case 'week':
      return { join: '', key: `to_char(date_trunc('week', f.${date}), 'YYYY-MM-DD')` };
  }
}

const keyed = (source: string, dimension: Dimension, date: string) => {
  const { join, key } = keyOf(dimension, date);
  return `select ${key} as key, f.* from ${source} f ${join}`;
};

/** Seconds rounded to the millisecond, so both databases print the same figures. */
const ms = (expression: string) => `round((${expression})::numeric, 3)::float8`;

const times = (column: string, filter: string) =>
  [
    `${ms(`avg(${column}) filter (where ${filter})`)}`,
    `${ms(`percentile_cont(0.5) within group (order by ${column}) filter (where ${filter})`)}`,
    `${ms(`percentile_cont(0.9) within group (order by ${column}) filter (where ${filter})`)}`,
  ].join(', ');

const factCounts = (dimension: Dimension) => `
    select key,
           count(*) filter (where is_counted)::int as received,
           count(*) filter (where is_reply)::int as sent,
           count(*) filter (where is_counted and is_replied)::int as replied,
           count(*) filter (where is_counted and not is_replied)::int as unreplied,
           count(*) filter (where is_internal)::int as internal,
           count(*) filter (where is_automated)::int as automated
      from (${keyed('msgs', dimension, 'local_date')}) k group by key`;

/** The same counts from the per-day sums; their rows carry mailbox_id and local_date. */
export const dailyCounts = (dimension: Dimension) => `
    select key, sum(received)::int as received, sum(sent)::int as sent,
           sum(replied)::int as replied, sum(unreplied)::int as unreplied,
           sum(internal)::int as internal, sum(automated)::int as automated
      from (${keyed('days', dimension, 'local_date')}) k group by key`;

/** Dimensions whose key is a function of the mailbox and the day: the per-day sums serve them. */
export const dailyDimension = (dimension: Dimension) =>
  ['none', 'mailbox', 'team', 'day', 'week'].includes(dimension);

/**
 * The summary's figures per key, one row per key; `$6` is the target in business seconds.
 * `daily`: counts from the per-day sums (not with a contact-group filter, which needs each
 * message's counterparts). Rows come back with the aggregates named as in `FigureRow`.
 */
export function figuresSql(dimension: Dimension, keys: string | null, daily: boolean): string {
  // The keys listed: those with data, or a fixed set (a summary's one, a series' periods).
  const keyRows = keys ?? `select key from m union select key from r union select key from w`;
  return `with ${SCOPED_FACTS},
  m as (${daily ? dailyCounts(dimension) : factCounts(dimension)}
  ), r as (
    select key,
           array[${times('business_seconds', 'true')}] as rt_business,
           array[${times('calendar_seconds', 'true')}] as rt_calendar,
           array[${times('business_seconds', 'is_first_of_thread')}] as frt_business,
           array[${times('calendar_seconds', 'is_first_of_thread')}] as frt_calendar,
           ${ms(`(count(*) filter (where business_seconds <= $6))::float8
                 / nullif(count(business_seconds), 0)`)} as share
      from (${keyed('reqs', dimension, 'local_date')}) k group by key
  ), w as (
    -- A thread has at most one waiting request (a reply closes every run before it), so counting
    -- waiting requests counts awaiting threads, without sorting thread keys.
    select key, count(*)::int as awaiting
      from (${keyed('waits', dimension, 'last_local_date')}) k group by key
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
