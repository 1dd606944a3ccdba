import { joinSql, sql, type Sql } from '../db/sql';

// Business time for the alert evaluation, set-based. Each hour set's clock is one row of arrays
// over its local days (the day's opening and closing instants, its business microseconds, and
// those of every day before; closed days and holidays have none), so the business time up to any
// instant, B(t), is an array lookup: the microseconds before t's day plus the part of that day's
// hours up to t. Business seconds between two instants are B(to) − B(from): equal to
// stats_business_seconds (the same days, hours and closed days, in whole microseconds), without a
// call and a day series per message. All-time sets count every second: B(t) is t's epoch. A
// set's clock runs from a year and a day before its earliest watch start to today; an instant
// outside it (a message older than that, under an alert whose gap no year of hours reaches) is
// left to stats_business_seconds.

/** Microseconds of an interval, exactly. */
const micros = (interval: Sql) => sql`(extract(epoch from ${interval}) * 1000000)::bigint`;

/**
 * CTEs `clock_sets` (each watched mailbox's hour set, as stats_business_seconds picks it) and
 * `clock` (one row of arrays per set), over the CTE `watched`.
 */
export const clockCtes = (now: Date) => sql`clock_sets as (
    select distinct on (m.workspace_id, m.generation, m.mailbox_id)
           m.workspace_id, m.generation, m.mailbox_id, s.mailbox_id as hours_id, s.timezone,
           s.all_time, s.calendar
      from (select distinct workspace_id, generation, mailbox_id from watched) m
      join stats_hour_sets s on s.workspace_id = m.workspace_id and s.generation = m.generation
                            and s.mailbox_id in (m.mailbox_id, 0)
     order by m.workspace_id, m.generation, m.mailbox_id, s.mailbox_id desc
  ), clock_spans as (
    select s.workspace_id, s.generation, s.hours_id, s.timezone, s.calendar,
           ((min(w.watching_since) - interval '366 days') at time zone s.timezone)::date as first_day,
           (greatest(${now}::timestamptz, max(w.watching_since)) at time zone s.timezone)::date
             as last_day
      from clock_sets s
      join watched w using (workspace_id, generation, mailbox_id)
     where not s.all_time
     group by s.workspace_id, s.generation, s.hours_id, s.timezone, s.calendar
  ), clock_hours as (
    -- A day without hours (or closed) opens and closes at its midnight: no array holds a null.
    select sp.workspace_id, sp.generation, sp.hours_id, sp.first_day, d.day,
           coalesce((d.day + dd.start_time) at time zone sp.timezone,
                    d.day::timestamp at time zone sp.timezone) as opens,
           coalesce((d.day + dd.end_time) at time zone sp.timezone,
                    d.day::timestamp at time zone sp.timezone) as closes,
           dd.isodow is null or cd.day is not null as shut
      from clock_spans sp
      cross join lateral generate_series(sp.first_day, sp.last_day, interval '1 day') as g(ts)
      cross join lateral (select g.ts::date as day) d
      left join stats_hour_days dd
        on dd.workspace_id = sp.workspace_id and dd.generation = sp.generation
       and dd.mailbox_id = sp.hours_id and dd.isodow = extract(isodow from d.day)
      left join stats_closed_days cd
        on cd.workspace_id = sp.workspace_id and cd.generation = sp.generation
       and cd.calendar = sp.calendar and cd.day = d.day
  ), clock_days as (
    select h.*, case when h.shut or h.closes <= h.opens then 0::bigint
                     else ${micros(sql`h.closes - h.opens`)} end as open_us
      from clock_hours h
  ), clock as materialized (
    select c.workspace_id, c.generation, c.hours_id, c.first_day,
           array_agg(c.opens order by c.day) as opens,
           array_agg(c.closes order by c.day) as closes,
           array_agg(c.open_us order by c.day) as open_us,
           array_agg(c.before_us order by c.day) as before_us
      from (select d.*, (sum(d.open_us) over (partition by d.workspace_id, d.generation, d.hours_id
                                             order by d.day) - d.open_us)::bigint as before_us
              from clock_days d) c
     group by c.workspace_id, c.generation, c.hours_id, c.first_day
  )`;

/** Joins `clock` as `k` for the hour set `s` (a clock_sets row). */
export const clockOf = (k: Sql, s: Sql) => sql`left join clock ${k}
    on ${k}.workspace_id = ${s}.workspace_id and ${k}.generation = ${s}.generation
   and ${k}.hours_id = ${s}.hours_id`;

/** B(at) in microseconds on the clock `k` of set `s`; null outside the clock. */
export const clockAt = (k: Sql, s: Sql, at: Sql) => {
  const i = sql`((${at} at time zone ${s}.timezone)::date - ${k}.first_day + 1)`;
  return sql`case when ${s}.all_time then ${micros(sql`${at}`)}
    else ${k}.before_us[${i}] + case when ${k}.open_us[${i}] = 0 then 0::bigint
      else ${micros(sql`least(greatest(${at}, ${k}.opens[${i}]), ${k}.closes[${i}]) - ${k}.opens[${i}]`)}
      end end`;
};

/**
 * The business seconds from `from` to `to` (their B values `bFrom`, `bTo`), as
 * stats_business_seconds gives them; `fallback` (a call of it) only when one is outside the clock.
 */
export const businessBetween = (from: Sql, to: Sql, bFrom: Sql, bTo: Sql, fallback: Sql) =>
  sql`coalesce(case when ${to} <= ${from} then 0::float8
                    else ((${bTo} - ${bFrom})::numeric / 1000000)::float8 end,
               ${fallback})`;

/** The spans before a watch's start tried, shortest first, for where the search may begin. */
const FLOOR_SPANS = [
  sql`interval '7 days'`,
  sql`interval '14 days'`,
  sql`interval '28 days'`,
  sql`interval '91 days'`,
  sql`interval '365 days'`,
];

/**
 * Where the search of a watched mailbox (alias `w`, with its set `s` and clock `k`) may begin:
 * the start of the shortest span before the watch's start whose business time reaches the gap,
 * else none.
 */
export const floorOf = (w: Sql, s: Sql, k: Sql) => {
  const start = clockAt(k, s, sql`${w}.watching_since`);
  const cases = FLOOR_SPANS.map((span) => {
    const earlier = clockAt(k, s, sql`(${w}.watching_since - ${span})`);
    return sql`when ${start} - ${earlier} >= ${w}.gap * 1000000 then ${w}.watching_since - ${span}`;
  });
  return sql`case ${joinSql(cases, sql`\n      `)} else '-infinity'::timestamptz end`;
};
