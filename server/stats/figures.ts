import type { Schemas } from '../contract/types';
import { DEFAULT_TARGET } from '../../common/response-target';
import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { dailyDimension, figuresSql, type Dimension } from './figure-sql';
import type { StatsScope } from './scope';
import { summarySql } from './summary-sql';

type Summary = Schemas['StatsSummary'];
type Times = Schemas['StatsTimes'];
type BreakdownBy = Schemas['StatsBreakdown']['by'];

type Counts = Pick<
  Schemas['StatsBreakdownRow'],
  'key' | 'received' | 'sent' | 'replied' | 'unreplied' | 'awaiting' | 'internal' | 'automated'
>;

/** One row of figure-sql: the contract's counts, and the times still as arrays. */
interface FigureRow extends Counts {
  /** [avg, median, p90], null without data. */
  rt_business: (number | null)[] | null;
  rt_calendar: (number | null)[] | null;
  frt_business: (number | null)[] | null;
  frt_calendar: (number | null)[] | null;
  share: number | null;
}

const times = (values: (number | null)[] | null): Times => ({
  avg: values?.[0] ?? null,
  median: values?.[1] ?? null,
  p90: values?.[2] ?? null,
});

/** A period's median and 90th percentile, from the same figures the summary takes. */
function medianAndP90(values: (number | null)[] | null): Schemas['StatsPointTimes'] {
  const { median, p90 } = times(values);
  return { median, p90 };
}

function toSummary(row: FigureRow, target: number): Summary {
  return {
    received: row.received,
    sent: row.sent,
    replied: row.replied,
    unreplied: row.unreplied,
    awaiting: row.awaiting,
    internal: row.internal,
    automated: row.automated,
    response_time: { business: times(row.rt_business), calendar: times(row.rt_calendar) },
    first_response_time: { business: times(row.frt_business), calendar: times(row.frt_calendar) },
    within_target: { target_seconds: target, share: row.share },
  };
}

/** Percentiles sort in memory rather than on disk, and without JIT (see figureRows). */
const tune = (tx: Queryable) =>
  tx.query(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);

/**
 * The figures of one scope. Percentiles sort every request of the range: in memory rather than
 * on disk, and without JIT, whose compile time per query exceeds what it saves here.
 */
async function figureRows(
  tx: Queryable,
  scope: StatsScope,
  dimension: Dimension,
  keys: Sql | null,
  target: number,
): Promise<FigureRow[]> {
  await tune(tx);
  const daily = scope.groupIds === null && dailyDimension(dimension);
  return tx.query<FigureRow>(figuresSql(scope, target, dimension, keys, daily));
}

export async function summary(tx: Queryable, scope: StatsScope, target: number): Promise<Summary> {
  const [row] =
    scope.groupIds === null
      ? await tune(tx).then(() => tx.query<FigureRow>(summarySql(scope, target)))
      : await figureRows(tx, scope, 'none', sql`select ''::text as key`, target);
  if (!row) throw new Error('the summary query returned no row');
  return toSummary(row, target);
}

export async function breakdown(
  tx: Queryable,
  scope: StatsScope,
  by: BreakdownBy,
  target: number,
): Promise<Schemas['StatsBreakdown']> {
  const rows = await figureRows(tx, scope, by, null, target);
  return { by, rows: rows.map((row) => ({ key: row.key, ...toSummary(row, target) })) };
}

type Granularity = Schemas['StatsTimeseries']['granularity'];

/** Each granularity's field name for date_trunc and its step, as fixed SQL text. */
const PERIODS: Record<Granularity, { field: Sql; step: Sql }> = {
  day: { field: sql`'day'`, step: sql`interval '1 day'` },
  week: { field: sql`'week'`, step: sql`interval '1 week'` },
};

export async function timeseries(
  tx: Queryable,
  scope: StatsScope,
  granularity: Granularity,
): Promise<Schemas['StatsTimeseries']> {
  const dimension: Dimension = granularity;
  const { field, step } = PERIODS[granularity];
  const periods = sql`select to_char(d, 'YYYY-MM-DD') as key
      from generate_series(date_trunc(${field}, ${scope.from}::date), ${scope.to}::date,
                           ${step}) d`;
  const rows = await figureRows(tx, scope, dimension, periods, DEFAULT_TARGET);
  return {
    granularity,
    points: rows.map((row) => {
      const { received, sent, replied, unreplied, awaiting, internal, automated } = row;
      return {
        period: row.key,
        ...{ received, sent, replied, unreplied, awaiting, internal, automated },
        business: medianAndP90(row.rt_business),
        calendar: medianAndP90(row.rt_calendar),
      };
    }),
  };
}
