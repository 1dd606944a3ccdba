import { EMPTY, joinSql, sql, type Sql } from '../db/sql';
import { dailyCounts, ms, scopedFacts } from './figure-sql';
import type { StatsScope } from './scope';

// The summary without a contact-group filter, fast over long ranges. Sorting every request of the
// range four times (business and calendar, all and first of thread) for percentile_cont is what
// made a summary over all history slow. When the range holds a large share of the requests, each
// order statistic is read instead from an index in the order of its column (migration 0011): one
// pass counts the range's requests, then each percentile reads the two neighbouring values at its
// rank, from the low end for the median and from the high end for the 90th percentile (a short
// range still sorts its few requests). The interpolation is percentile_cont's own
// (`lo + (hi - lo) * fraction`, fraction = p·(n − 1) − ⌊p·(n − 1)⌋), so the figures are equal.

interface Series {
  name: Sql;
  /** The column of figure-sql's FigureRow. */
  as: Sql;
  column: Sql;
  firstOnly: boolean;
}

const SERIES: Series[] = [
  { name: sql`rb`, as: sql`rt_business`, column: sql`business_seconds`, firstOnly: false },
  { name: sql`rc`, as: sql`rt_calendar`, column: sql`calendar_seconds`, firstOnly: false },
  { name: sql`fb`, as: sql`frt_business`, column: sql`business_seconds`, firstOnly: true },
  { name: sql`fc`, as: sql`frt_calendar`, column: sql`calendar_seconds`, firstOnly: true },
];

/** An order statistic: p, whether it is read upwards from the lowest value, its CTE's suffix. */
interface Point {
  p: Sql;
  upwards: boolean;
  suffix: Sql;
}

// The median is read upwards from the lowest value, the 90th percentile downwards from the
// highest, so each reads at most half.
const MEDIAN: Point = { p: sql`0.5`, upwards: true, suffix: sql`50` };
const P90: Point = { p: sql`0.9`, upwards: false, suffix: sql`90` };

const label = (s: Series, point: Point) => sql`${s.name}${point.suffix}`;

const firstFilter = (s: Series) => (s.firstOnly ? sql`is_first_of_thread` : sql`true`);

/** The scope's dates and mailboxes, for requests read from an index (alias `r`). */
const inRange = (scope: StatsScope) =>
  sql`r.local_date between ${scope.from}::date and ${scope.to}::date and r.mailbox_id = any(${scope.mailboxIds}::int[])
      and not (r.before && ${scope.mailboxIds}::int[])`;

/**
 * Whether the range holds a large share of the generation's requests (its days of the
 * generation's span times its share of the mailboxes): then reading at a rank from the index
 * walks little more than the range's own requests; a short range sorts its few instead.
 */
const byIndex = ({ workspaceId, from, to, mailboxIds }: StatsScope) => sql`by_index as (
    select coalesce((least(max(local_date), ${to}::date) - greatest(min(local_date), ${from}::date) + 1)
             ::float8 / (max(local_date) - min(local_date) + 1)
             * cardinality(${mailboxIds}::int[]) / greatest((select count(*) from mailboxes
                                                 where workspace_id = ${workspaceId}), 1), 0) >= 0.25 as yes
      from stats_requests where workspace_id = ${workspaceId} and generation = (select g from gen))`;

const aggregates = (sorted: boolean) =>
  joinSql(
    SERIES.map((s) => {
      const filter = sql`filter (where ${firstFilter(s)})`;
      const percentiles = sorted
        ? sql`percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${s.column}) ${filter}`
        : sql`null::float8[]`;
      return sql`count(${s.column}) ${filter} as n_${s.name}, avg(${s.column}) ${filter} as avg_${s.name},
           ${percentiles} as sorted_${s.name}`;
    }),
    sql`,\n           `,
  );

const SORTED = aggregates(true);
const UNSORTED = aggregates(false);

/**
 * Count and average of each series over the range's requests in one pass: a short range's
 * requests by date, with their percentiles by sorting; a long range's answered requests from
 * the business-time index, which carries every column needed.
 */
const counts = (scope: StatsScope, target: number) => sql`n_sorted as (
    select ${SORTED}, count(*) filter (where business_seconds <= ${target}) as within
      from reqs where not (select yes from by_index)
  ), n_indexed as (
    select ${UNSORTED}, count(*) filter (where business_seconds <= ${target}) as within
      from stats_requests r
     where r.workspace_id = ${scope.workspaceId} and r.generation = (select g from gen) and r.reply_at is not null
       and ${inRange(scope)}
       and (select yes from by_index)
  ), n as materialized (
    select * from n_sorted where not (select yes from by_index)
    union all select * from n_indexed where (select yes from by_index))`;

/** The rank p·(n − 1) of a series (`pos`, zero-based) and its count `n`. */
const rank = (
  s: Series,
  point: Point,
) => sql`(select ${point.p}::float8 * (n_${s.name} - 1)::float8 as pos,
          n_${s.name} as n from n)`;

/** The two values around the point's rank in a series, ascending. */
function neighbours(scope: StatsScope, s: Series, point: Point): Sql {
  const offset = point.upwards ? sql`floor(k.pos)` : sql`k.n - 1 - ceil(k.pos)`;
  return sql`${label(s, point)} as materialized (
    select k.pos, k.n, (select array_agg(v order by v) from (
        select r.${s.column} as v from stats_requests r
         where r.workspace_id = ${scope.workspaceId} and r.generation = (select g from gen)
           and r.reply_at is not null ${s.firstOnly ? sql`and r.is_first_of_thread` : EMPTY}
           and ${inRange(scope)}
           and (select yes from by_index)
         order by r.${s.column} ${point.upwards ? sql`asc` : sql`desc`}
         offset greatest(${offset}, 0)::bigint limit 2) x) as v
      from ${rank(s, point)} k)`;
}

/**
 * percentile_cont's result from the neighbours (ascending; at a whole rank the one read first):
 * the lower value plus the fraction of the step to the upper one.
 */
function percentile(s: Series, point: Point): Sql {
  const at = label(s, point);
  const fraction = sql`(${at}.pos - floor(${at}.pos))`;
  const exact = point.upwards ? sql`${at}.v[1]` : sql`${at}.v[cardinality(${at}.v)]`;
  const lerp = sql`${at}.v[1] + (${at}.v[2] - ${at}.v[1]) * ${fraction}`;
  return sql`case when ${at}.n = 0 then null when ${fraction} = 0 then ${exact} else ${lerp} end`;
}

const times = (s: Series) => {
  const pick = (point: Point, slot: Sql) =>
    ms(
      sql`case when by_index.yes then ${percentile(s, point)} else n.sorted_${s.name}[${slot}] end`,
    );
  return sql`array[${ms(sql`n.avg_${s.name}`)}, ${pick(MEDIAN, sql`1`)}, ${pick(P90, sql`2`)}]`;
};

/** One row named as figure-sql's FigureRow, key ''; `target` in business seconds. */
export const summarySql = (scope: StatsScope, target: number) => sql`with ${scopedFacts(scope)},
  m as (${dailyCounts(scope, 'none')}),
  w as (select count(*)::int as awaiting from waits),
  ${byIndex(scope)},
  ${counts(scope, target)},
  ${joinSql(
    SERIES.flatMap((s) => [neighbours(scope, s, MEDIAN), neighbours(scope, s, P90)]),
    sql`,\n  `,
  )}
  select ''::text as key,
         coalesce(m.received, 0) as received, coalesce(m.sent, 0) as sent,
         coalesce(m.replied, 0) as replied, coalesce(m.unreplied, 0) as unreplied,
         w.awaiting, coalesce(m.internal, 0) as internal, coalesce(m.automated, 0) as automated,
         ${joinSql(
           SERIES.map((s) => sql`${times(s)} as ${s.as}`),
           sql`,\n         `,
         )},
         ${ms(sql`n.within::float8 / nullif(n.n_rb, 0)`)} as share
    from n cross join w cross join by_index
    left join m on true
    ${joinSql(
      SERIES.map((s) => sql`cross join ${label(s, MEDIAN)} cross join ${label(s, P90)}`),
      sql`\n    `,
    )}`;
