import { SCOPED_FACTS, dailyCounts } from './figure-sql';

// The summary without a contact-group filter, fast over long ranges. Sorting every request of the
// range four times (business and calendar, all and first of thread) for percentile_cont is what
// made a summary over all history slow. When the range holds a large share of the requests, each
// order statistic is read instead from an index in the order of its column (migration 0011): one
// pass counts the range's requests, then each percentile reads the two neighbouring values at its
// rank, from the low end for the median and from the high end for the 90th percentile (a short
// range still sorts its few requests). The interpolation is percentile_cont's own
// (`lo + (hi - lo) * fraction`, fraction = p·(n − 1) − ⌊p·(n − 1)⌋), so the figures are equal.
// Parameters as in figure-sql: $1 workspace, $2 from, $3 to, $4 mailbox ids, $6 target.

interface Series {
  name: string;
  /** The column of figure-sql's FigureRow. */
  as: string;
  column: 'business_seconds' | 'calendar_seconds';
  firstOnly: boolean;
}

const SERIES: Series[] = [
  { name: 'rb', as: 'rt_business', column: 'business_seconds', firstOnly: false },
  { name: 'rc', as: 'rt_calendar', column: 'calendar_seconds', firstOnly: false },
  { name: 'fb', as: 'frt_business', column: 'business_seconds', firstOnly: true },
  { name: 'fc', as: 'frt_calendar', column: 'calendar_seconds', firstOnly: true },
];

/** Seconds rounded to the millisecond, as in figure-sql. */
const ms = (expression: string) => `round((${expression})::numeric, 3)::float8`;

const firstFilter = (s: Series) => (s.firstOnly ? 'is_first_of_thread' : 'true');

/**
 * Whether the range holds a large share of the generation's requests (its days of the
 * generation's span times its share of the mailboxes): then reading at a rank from the index
 * walks little more than the range's own requests; a short range sorts its few instead.
 */
const BY_INDEX = `by_index as (
    select coalesce((least(max(local_date), $3::date) - greatest(min(local_date), $2::date) + 1)
             ::float8 / (max(local_date) - min(local_date) + 1)
             * cardinality($4::int[]) / greatest((select count(*) from mailboxes
                                                 where workspace_id = $1), 1), 0) >= 0.25 as yes
      from stats_requests where workspace_id = $1 and generation = (select g from gen))`;

const aggregates = (sorted: boolean) =>
  SERIES.map((s) => {
    const filter = `filter (where ${firstFilter(s)})`;
    const percentiles = sorted
      ? `percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${s.column}) ${filter}`
      : 'null::float8[]';
    return `count(${s.column}) ${filter} as n_${s.name}, avg(${s.column}) ${filter} as avg_${s.name},
           ${percentiles} as sorted_${s.name}`;
  }).join(',\n           ');

/**
 * Count and average of each series over the range's requests in one pass: a short range's
 * requests by date, with their percentiles by sorting; a long range's answered requests from
 * the business-time index, which carries every column needed.
 */
const COUNTS = `n_sorted as (
    select ${aggregates(true)}, count(*) filter (where business_seconds <= $6) as within
      from reqs where not (select yes from by_index)
  ), n_indexed as (
    select ${aggregates(false)}, count(*) filter (where business_seconds <= $6) as within
      from stats_requests r
     where r.workspace_id = $1 and r.generation = (select g from gen) and r.reply_at is not null
       and r.local_date between $2::date and $3::date and r.mailbox_id = any($4::int[])
       and (select yes from by_index)
  ), n as materialized (
    select * from n_sorted where not (select yes from by_index)
    union all select * from n_indexed where (select yes from by_index))`;

/** The rank p·(n − 1) of a series (`pos`, zero-based) and its count `n`. */
const rank = (s: Series, p: number) => `(select ${p}::float8 * (n_${s.name} - 1)::float8 as pos,
          n_${s.name} as n from n)`;

/**
 * The two values around rank p of a series, ascending. The median is read upwards from the
 * lowest value, the 90th percentile downwards from the highest, so each reads at most half.
 */
function neighbours(s: Series, p: number, label: string): string {
  const upwards = p <= 0.5;
  const offset = upwards ? `floor(k.pos)` : `k.n - 1 - ceil(k.pos)`;
  return `${label} as materialized (
    select k.pos, k.n, (select array_agg(v order by v) from (
        select r.${s.column} as v from stats_requests r
         where r.workspace_id = $1 and r.generation = (select g from gen)
           and r.reply_at is not null ${s.firstOnly ? 'and r.is_first_of_thread' : ''}
           and r.local_date between $2::date and $3::date and r.mailbox_id = any($4::int[])
           and (select yes from by_index)
         order by r.${s.column} ${upwards ? 'asc' : 'desc'}
         offset greatest(${offset}, 0)::bigint limit 2) x) as v
      from ${rank(s, p)} k)`;
}

/**
 * percentile_cont's result from the neighbours (ascending; at a whole rank the one read first):
 * the lower value plus the fraction of the step to the upper one.
 */
function percentile(label: string, upwards: boolean): string {
  const fraction = `(${label}.pos - floor(${label}.pos))`;
  const exact = upwards ? `${label}.v[1]` : `${label}.v[cardinality(${label}.v)]`;
  const lerp = `${label}.v[1] + (${label}.v[2] - ${label}.v[1]) * ${fraction}`;
  return `case when ${label}.n = 0 then null when ${fraction} = 0 then ${exact} else ${lerp} end`;
}

const times = (s: Series) => {
  const [median, p90] = [percentile(`${s.name}50`, true), percentile(`${s.name}90`, false)];
  const pick = (byIndex: string, slot: number) =>
    ms(`case when by_index.yes then ${byIndex} else n.sorted_${s.name}[${slot}] end`);
  return `array[${ms(`n.avg_${s.name}`)}, ${pick(median, 1)}, ${pick(p90, 2)}]`;
};

/** One row named as figure-sql's FigureRow, key ''. */
export const SUMMARY_SQL = `with ${SCOPED_FACTS},
  m as (${dailyCounts('none')}),
  w as (select count(*)::int as awaiting from waits),
  ${BY_INDEX},
  ${COUNTS},
  ${SERIES.flatMap((s) => [neighbours(s, 0.5, `${s.name}50`), neighbours(s, 0.9, `${s.name}90`)]).join(',\n  ')}
  select ''::text as key,
         coalesce(m.received, 0) as received, coalesce(m.sent, 0) as sent,
         coalesce(m.replied, 0) as replied, coalesce(m.unreplied, 0) as unreplied,
         w.awaiting, coalesce(m.internal, 0) as internal, coalesce(m.automated, 0) as automated,
         ${SERIES.map((s) => `${times(s)} as ${s.as}`).join(',\n         ')},
         ${ms(`n.within::float8 / nullif(n.n_rb, 0)`)} as share
    from n cross join w cross join by_index
    left join m on true
    ${SERIES.map((s) => `cross join ${s.name}50 cross join ${s.name}90`).join('\n    ')}`;
