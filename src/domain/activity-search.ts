import { isDate } from './dashboard-search';

// The Activity tab's view lives in the URL's search params, named as the audit API's query
// (`from`, `to`, `actor`, `operation`, `target`, `page`), each bounded as the contract bounds
// it. A param that does not parse is dropped, so a damaged link still opens the log.

/** The filters the audit API takes, and the page of their entries. */
export interface ActivitySearch {
  from?: string;
  to?: string;
  actor?: string;
  operation?: string;
  target?: string;
  page?: number;
}

export type ActivityFilters = Omit<ActivitySearch, 'page'>;

/** The contract's bounds (openapi/portal.yaml, `AuditActor`, `AuditOperation`, `AuditTarget`). */
export const ACTOR_MAX_LENGTH = 254;
export const TARGET_MAX_LENGTH = 200;
const OPERATION_PATTERN = /^[A-Za-z][A-Za-z0-9:_-]{0,63}$/;
const MAX_PAGE = 100_000;

const FILTER_KEYS = ['from', 'to', 'actor', 'operation', 'target'] as const;

/** Trimmed text of at most `max` characters, with no control character (the API refuses NUL). */
function boundedText(value: unknown, max: number): string | undefined {
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '' || text.length > max || /[\u0000-\u001f\u007f]/.test(text)) return undefined;
  return text;
}

/** `validateSearch` of the Activity route: every param checked, a bad one dropped. */
export function validateActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  // Every key is named, undefined when dropped: the router merges a route's search over the raw
  // params, so a key left out would let the bad value through.
  const search: ActivitySearch = {
    from: undefined,
    to: undefined,
    actor: boundedText(raw.actor, ACTOR_MAX_LENGTH),
    operation: undefined,
    target: boundedText(raw.target, TARGET_MAX_LENGTH),
    page: undefined,
  };
  const { from, to } = raw;
  if (isDate(from)) search.from = from;
  if (isDate(to) && !(isDate(from) && to < from)) search.to = to;
  if (typeof raw.operation === 'string' && OPERATION_PATTERN.test(raw.operation)) {
    search.operation = raw.operation;
  }
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= MAX_PAGE) search.page = page;
  return search;
}

/** The filters of a search, without its page. */
function filtersOf(search: ActivitySearch): ActivityFilters {
  const filters: ActivityFilters = {};
  for (const key of FILTER_KEYS) if (search[key] !== undefined) filters[key] = search[key];
  return filters;
}

/** New filters always start again at the first page: page 4 of other filters means nothing. */
export function withFilters(search: ActivitySearch, change: ActivityFilters): ActivitySearch {
  return validateActivitySearch({ ...filtersOf(search), ...change });
}

/** Another page of the same filters. */
export const withPage = (search: ActivitySearch, page: number): ActivitySearch =>
  validateActivitySearch({ ...filtersOf(search), page });

export const hasFilters = (search: ActivitySearch) =>
  FILTER_KEYS.some((key) => search[key] !== undefined);

/** The request a search makes: its filters and its page (1 when the URL names none). */
export interface AuditRequest {
  filters: ActivityFilters;
  page: number;
}

export const auditRequest = (search: ActivitySearch): AuditRequest => ({
  filters: filtersOf(search),
  page: search.page ?? 1,
});

export function sameAuditRequest(a: AuditRequest | null, b: AuditRequest): boolean {
  return (
    a !== null && a.page === b.page && FILTER_KEYS.every((key) => a.filters[key] === b.filters[key])
  );
}

/** The export's file name, after the period it covers when the filters name one. */
export function activityCsvName(filters: ActivityFilters): string {
  const period = [filters.from, filters.to].filter(Boolean).join('-');
  return period ? `mailpulse-activity-${period}.csv` : 'mailpulse-activity.csv';
}
