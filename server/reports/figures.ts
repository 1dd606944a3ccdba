import type { Schemas } from '../contract/types';
import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { dashboardFilters } from '../repos/dashboard-filters';
import type { SubscriptionRecord } from '../repos/reports';
import { breakdown, summary } from '../stats/figures';
import { unrepliedPage, waitingNow } from '../stats/lists';
import type { Viewer } from '../repos/visible-mailboxes';
import { statsBase } from '../stats/data-version';
import { resolveScope, type StatsFilters, type StatsScope } from '../stats/scope';
import type { ReportFrequency } from '../../common/reports';

// A report's figures come from the statistics API's own code (server/stats), for the recipient's
// view: the same scope resolution, the same queries. So each number equals what
// /portal/api/stats/* answers that person for the same range and filters, by construction.

/** The response-time target of the report's "within target" share (the API's default). */
const REPORT_TARGET_SECONDS = 7200;
/** The longest-waiting threads a report lists. */
const WAITING_ROWS = 5;

interface ReportPeriod {
  from: string;
  to: string;
}

/** A report's period, the one of the same length just before, and the day it is sent on. */
export interface ReportPeriods {
  period: ReportPeriod;
  previous: ReportPeriod;
}

/** The statistics API's query the figures answer; the dashboard link carries the same. */
export interface ReportQuery {
  from: string;
  to: string;
  mailboxes?: string;
  teams?: string;
  target: number;
}

export interface ReportFigures extends ReportPeriods {
  query: ReportQuery;
  /** The addresses or team names the report is narrowed to; empty when it is not. */
  narrowing: string[];
  summary: Schemas['StatsSummary'];
  previousSummary: Schemas['StatsSummary'];
  breakdown: Schemas['StatsBreakdown'];
  /** The longest-waiting unreplied threads of the period (`order=longest`, first page of 5). */
  waiting: Schemas['StatsUnrepliedPage'];
}

interface PeriodRow {
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
}

/** The period a send date reports on: the days since the send date before it. */
function periodColumns(frequency: ReportFrequency, send: Sql): Sql {
  const from = sql`report_send_date(${frequency}::text, ${send} - 1)`;
  return sql`${from} as "from", ${send} - 1 as "to",
    ${from} - (${send} - ${from}) as previous_from, ${from} - 1 as previous_to`;
}

const toPeriods = (row: PeriodRow | undefined): ReportPeriods => {
  if (!row) throw new Error('the period query returned no row');
  return {
    period: { from: row.from, to: row.to },
    previous: { from: row.previous_from, to: row.previous_to },
  };
};

/** The periods of the report sent on `sendDate` (YYYY-MM-DD). */
export async function periodsOfSendDate(
  q: Queryable,
  frequency: ReportFrequency,
  sendDate: string,
): Promise<ReportPeriods> {
  const [row] = await q.query<PeriodRow>(
    sql`select ${periodColumns(frequency, sql`${sendDate}::date`)}`,
  );
  return toPeriods(row);
}

/** The last complete period at `now` (company timezone): what "Send me one now" sends. */
export async function lastCompletePeriods(
  q: Queryable,
  workspaceId: number,
  frequency: ReportFrequency,
  now: Date,
): Promise<ReportPeriods> {
  const today = sql`(${now}::timestamptz at time zone report_timezone(${workspaceId}))::date`;
  const send = sql`report_send_date(${frequency}::text, ${today})`;
  const [row] = await q.query<PeriodRow>(sql`select ${periodColumns(frequency, send)}`);
  return toPeriods(row);
}

/** The periods of the report whose period holds `day`, and whether that period is over. */
export async function periodsHolding(
  q: Queryable,
  workspaceId: number,
  frequency: ReportFrequency,
  day: string,
  now: Date,
): Promise<ReportPeriods & { complete: boolean }> {
  const send = sql`report_next_send_date(${frequency}::text,
                     report_send_date(${frequency}::text, ${day}::date))`;
  const today = sql`(${now}::timestamptz at time zone report_timezone(${workspaceId}))::date`;
  const [row] = await q.query<PeriodRow & { complete: boolean }>(
    sql`select ${periodColumns(frequency, send)}, ${send} <= ${today} as complete`,
  );
  return { ...toPeriods(row), complete: row?.complete ?? false };
}

interface Narrowing {
  filters: Pick<StatsFilters, 'mailboxes' | 'teams'>;
  /** The mailboxes' addresses or the teams' names. */
  names: string[];
}

/**
 * The filters a subscription's narrowing stands for today: its mailboxes or teams that the
 * recipient may still see. Null when it was narrowed and none is left.
 */
async function currentNarrowing(
  q: Queryable,
  record: SubscriptionRecord,
  viewer: Viewer,
): Promise<Narrowing | null> {
  if (record.narrowed_by === 'none') return { filters: {}, names: [] };
  const choices = await dashboardFilters(q, viewer);
  if (record.narrowed_by === 'mailboxes') {
    const visible = new Set(choices.mailboxes.map((m) => m.email.toLowerCase()));
    const mailboxes = record.mailboxes.filter((email) => visible.has(email));
    return mailboxes.length > 0
      ? { filters: { mailboxes: mailboxes.join(',') }, names: mailboxes }
      : null;
  }
  const teams = choices.teams.filter((team) => record.team_ids.includes(team.team_id));
  return teams.length > 0
    ? {
        filters: { teams: teams.map((team) => team.team_id).join(',') },
        names: teams.map((team) => team.name),
      }
    : null;
}

const viewerOf = (record: SubscriptionRecord): Viewer => ({
  workspaceId: record.workspace_id,
  role: record.role,
  userId: record.user_id,
  email: record.email,
});

/** What a report covers today: the API query it stands for, its scope and its breakdown. */
export interface ReportBasis {
  query: ReportQuery;
  narrowing: string[];
  scope: StatsScope;
  by: Schemas['StatsBreakdown']['by'];
  /** The workspace's statistics stamp (stats/data-version.ts), read before the scope. */
  stamp: string;
}

/**
 * What the report of `record` covers, resolved as the statistics API resolves a call; null when
 * it covers no mailbox the recipient may see (a narrowing whose mailboxes or teams are gone, a
 * viewer without a tracked mailbox): such a report is not sent.
 */
export async function reportBasis(
  q: Queryable,
  record: SubscriptionRecord,
  periods: ReportPeriods,
): Promise<ReportBasis | null> {
  const viewer = viewerOf(record);
  const narrowing = await currentNarrowing(q, record, viewer);
  if (!narrowing) return null;
  const query: ReportQuery = {
    ...periods.period,
    ...narrowing.filters,
    target: REPORT_TARGET_SECONDS,
  };
  const { stamp, visible } = await statsBase(q, viewer);
  const scope = await resolveScope(q, viewer, query, visible);
  if (scope.mailboxIds.length === 0) return null;
  const by = record.narrowed_by === 'teams' ? 'team' : 'mailbox';
  return { query, narrowing: narrowing.names, scope, by, stamp };
}

/** The figures of a report: the same for every report with the same scope, periods and `by`. */
export type ScopeFigures = Pick<
  ReportFigures,
  'summary' | 'previousSummary' | 'breakdown' | 'waiting'
>;

/** Runs one figure's queries: in a transaction of its own, or on the caller's. */
type FigureRunner = <T>(figure: (q: Queryable) => Promise<T>) => Promise<T>;

/** The figures of `basis`, each computed by `run` (several at once when it allows). */
export async function scopeFigures(
  run: FigureRunner,
  { scope, by, query }: ReportBasis,
  periods: ReportPeriods,
  now: Date,
): Promise<ScopeFigures> {
  const before = { ...scope, ...periods.previous };
  const paging = { order: 'longest', page: 1, pageSize: WAITING_ROWS } as const;
  const [current, previousSummary, rows, page] = await Promise.all([
    run((q) => summary(q, scope, query.target)),
    run((q) => summary(q, before, query.target)),
    run((q) => breakdown(q, scope, by, query.target)),
    run((q) => unrepliedPage(q, scope, paging)),
  ]);
  const waiting = await run((q) => waitingNow(q, page, now));
  return { summary: current, previousSummary, breakdown: rows, waiting };
}

/** The figures of one report, of one moment when `q` is a transaction; null as reportBasis. */
export async function reportFigures(
  q: Queryable,
  record: SubscriptionRecord,
  periods: ReportPeriods,
  now: Date,
): Promise<ReportFigures | null> {
  const basis = await reportBasis(q, record, periods);
  if (!basis) return null;
  const { query, narrowing } = basis;
  const figures = await scopeFigures((figure) => figure(q), basis, periods, now);
  return { ...periods, query, narrowing, ...figures };
}
