import type { DashboardFilters } from '@/api/types';
import { DEFAULT_TARGET } from '@common/response-target';

// The native dashboard's view lives in the URL's search params, named as the statistics API's
// (`from`, `to`, `mailboxes`, `teams`, `contact_groups`, `target`) plus `time`, `by` and
// `granularity`. A param that does not parse is dropped, so the page falls back to its default
// instead of failing; what is left over is the view a reload or a shared link reproduces.

export type TimeBasis = 'business' | 'calendar';
export type BreakdownBy = 'mailbox' | 'team' | 'contact_group' | 'domain';
type Granularity = 'day' | 'week';

export interface DashboardSearch {
  from?: string;
  to?: string;
  mailboxes?: string;
  teams?: string;
  contact_groups?: string;
  target?: number;
  time?: TimeBasis;
  by?: BreakdownBy;
  granularity?: Granularity;
}

/** The targets offered, in seconds (1, 2, 4, 8 and 24 hours); the API's default is 2 h. */
export const TARGETS = [3600, 7200, 14400, 28800, 86400] as const;
/** The preset ranges, in days ending today; the page opens on the last 30 days. */
export const PRESET_DAYS = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
const BYS: readonly BreakdownBy[] = ['mailbox', 'team', 'contact_group', 'domain'];
const MAX_DAYS = 730;

const DAY_MS = 86_400_000;

/** A real calendar day written `YYYY-MM-DD`. */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]) =>
  allowed.find((item) => item === value);

/** `validateSearch` of the dashboard route: every param checked, a bad one dropped. */
export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  // Every key is named, undefined when dropped: the router merges a route's search over the raw
  // params, so a key left out would let the bad value through.
  const search: DashboardSearch = {
    from: undefined,
    to: undefined,
    mailboxes: undefined,
    teams: undefined,
    contact_groups: undefined,
    target: undefined,
    time: undefined,
    by: undefined,
    granularity: undefined,
  };
  const { from, to } = raw;
  if (isDate(from) && isDate(to) && from <= to && daysBetween(from, to) < MAX_DAYS) {
    search.from = from;
    search.to = to;
  }
  const mailboxes = text(raw.mailboxes);
  if (mailboxes) search.mailboxes = mailboxes;
  // The router parses a lone id as a number.
  const teams = text(typeof raw.teams === 'number' ? String(raw.teams) : raw.teams);
  if (teams && /^\d+(,\d+)*$/.test(teams)) search.teams = teams;
  const groups = text(raw.contact_groups);
  if (groups) search.contact_groups = groups;
  const target = TARGETS.find((value) => value === Number(raw.target));
  if (target !== undefined && target !== DEFAULT_TARGET) search.target = target;
  const time = oneOf(raw.time, ['calendar'] as const);
  if (time) search.time = time;
  const by = oneOf(raw.by, BYS);
  if (by && by !== 'mailbox') search.by = by;
  const granularity = oneOf(raw.granularity, ['week'] as const);
  if (granularity) search.granularity = granularity;
  return search;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today as the viewer's calendar day. */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface DayRange {
  from: string;
  to: string;
}

/** The last `days` days, today included. */
export const lastDays = (today: string, days: number): DayRange => ({
  from: shiftDay(today, 1 - days),
  to: today,
});

/** The range the search shows: its own dates, else the default preset. */
export function rangeOf(search: DashboardSearch, today: string): DayRange {
  return search.from && search.to
    ? { from: search.from, to: search.to }
    : lastDays(today, DEFAULT_DAYS);
}

/** The period of the same length just before, for the tiles' change. */
export function previousRange(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to) + 1;
  return { from: shiftDay(range.from, -length), to: shiftDay(range.to, -length) };
}

/** A comma-separated param's items. */
export const listOf = (value: string | undefined) =>
  value ? value.split(',').filter((item) => item !== '') : [];

export interface StatsQuery {
  from: string;
  to: string;
  mailboxes?: string;
  teams?: string;
  contact_groups?: string;
  target: number;
}

/**
 * The statistics API's query for the search: filters naming a mailbox, team or contact group
 * the caller cannot choose are left out (a stale shared link still opens), and a viewer, who
 * has no mailbox filter, never sends one.
 */
export function statsQuery(
  search: DashboardSearch,
  choices: DashboardFilters,
  range: DayRange,
  canFilterMailboxes: boolean,
): StatsQuery {
  const query: StatsQuery = { ...range, target: search.target ?? DEFAULT_TARGET };
  const known = (values: string[], allowed: string[]) =>
    values.filter((value) => allowed.some((item) => item.toLowerCase() === value.toLowerCase()));
  const mailboxes = canFilterMailboxes
    ? known(
        listOf(search.mailboxes),
        choices.mailboxes.map((m) => m.email),
      )
    : [];
  const teams = known(
    listOf(search.teams),
    choices.teams.map((t) => String(t.team_id)),
  );
  const groups = known(listOf(search.contact_groups), choices.contact_groups);
  if (mailboxes.length) query.mailboxes = mailboxes.join(',');
  if (teams.length) query.teams = teams.join(',');
  if (groups.length) query.contact_groups = groups.join(',');
  return query;
}

/** What the page asks for: the API's query, the period before it, and the views' choices. */
export interface FiguresRequest {
  query: StatsQuery;
  previous: DayRange;
  by: BreakdownBy;
  granularity: Granularity;
  /** The distribution's basis (the other figures carry both). */
  time: TimeBasis;
}

/** The request for the figures a search shows, over the period ending `today`. */
export function figuresRequest(
  search: DashboardSearch,
  choices: DashboardFilters,
  today: string,
  canFilterMailboxes: boolean,
): FiguresRequest {
  const range = rangeOf(search, today);
  return {
    query: statsQuery(search, choices, range, canFilterMailboxes),
    previous: previousRange(range),
    by: search.by ?? 'mailbox',
    granularity: search.granularity ?? 'day',
    time: search.time ?? 'business',
  };
}

/** Requests are plain data: the same content asks for the same figures. */
export const sameRequest = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The dashboard's CSV exports: the breakdown as shown, or the period's requests. */
export type CsvExport = 'breakdown' | 'requests';

/**
 * What an export is saved as: `mailpulse-team-2026-02-01-2026-02-28.csv` for the breakdown by
 * team, `mailpulse-requests-2026-02-01-2026-02-28.csv` for the requests.
 */
export const csvFileName = ({
  file,
  by,
  query,
}: Pick<FiguresRequest, 'by' | 'query'> & { file: CsvExport }) =>
  `mailpulse-${file === 'requests' ? file : by}-${query.from}-${query.to}.csv`;
