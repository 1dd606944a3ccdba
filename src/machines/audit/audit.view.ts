import type { AuditEntry, AuditPage } from '@/api/types';
import type { SnapshotFrom } from 'xstate';
import { formatMomentIn } from '@/domain/dates';
import type { LoadStatus } from '../shared/load-status.view';
import type { AuditMachine } from './audit.machine';
import {
  actorName,
  deviceOf,
  entryKey,
  entryOperation,
  fieldChanges,
  targetText,
  type FieldChange,
} from './audit.rows';

/** One entry as the Activity table shows it. */
export interface ActivityRow {
  key: string;
  day: string;
  time: string;
  /** The moment as the API gave it, for `<time dateTime>`. */
  iso: string;
  actor: string;
  /** `user`, `cli` or `system`: the actor's badge. */
  actorKind: AuditEntry['actor']['kind'];
  operation: string;
  operationId: string;
  targetType: string;
  targetName: string;
  address: string | null;
  userAgent: string | null;
  /** The user agent in two words (`Chrome on macOS`), when it names a known browser. */
  device: string | null;
  changes: FieldChange[];
  expanded: boolean;
}

/** Where the shown page is among all the entries of the filters. */
interface ActivityPager {
  page: number;
  pages: number;
  /** The first and last entry shown, from 1, and how many the filters select. */
  first: number;
  last: number;
  total: number;
}

function rowOf(entry: AuditEntry, timezone: string, expanded: ReadonlySet<string>): ActivityRow {
  const key = entryKey(entry);
  const target = targetText(entry);
  return {
    key,
    ...formatMomentIn(entry.time, timezone),
    iso: entry.time,
    actor: actorName(entry),
    actorKind: entry.actor.kind,
    operation: entryOperation(entry),
    operationId: entry.operation,
    targetType: target.type,
    targetName: target.name,
    address: entry.client.address,
    userAgent: entry.client.user_agent,
    device: deviceOf(entry.client.user_agent),
    changes: fieldChanges(entry),
    expanded: expanded.has(key),
  };
}

function pagerOf(page: AuditPage): ActivityPager {
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  const first = page.entries.length === 0 ? 0 : (page.page - 1) * page.page_size + 1;
  return {
    page: page.page,
    pages,
    first,
    last: first + page.entries.length - 1,
    total: page.total,
  };
}

type Rows = { page: AuditPage | null; timezone: string; expanded: ReadonlySet<string> };
let lastRows: { input: Rows; rows: ActivityRow[] } | null = null;

/** The rows of a page, the same array while page, zone and expansion are (so no re-render). */
function rowsOf(input: Rows): ActivityRow[] {
  const last = lastRows?.input;
  if (
    last?.page === input.page &&
    last.timezone === input.timezone &&
    last.expanded === input.expanded
  ) {
    return lastRows?.rows ?? [];
  }
  const rows =
    input.page?.entries.map((entry) => rowOf(entry, input.timezone, input.expanded)) ?? [];
  lastRows = { input, rows };
  return rows;
}

const NO_PAGE: ActivityPager = { page: 1, pages: 1, first: 0, last: 0, total: 0 };

/** What the Activity tab shows of a snapshot of its machine. */
export function auditView(snapshot: SnapshotFrom<AuditMachine>) {
  const { context } = snapshot;
  const loading = snapshot.matches({ entries: 'loading' });
  const status: LoadStatus = snapshot.matches({ entries: 'failed' })
    ? 'failed'
    : loading && context.page === null
      ? 'loading'
      : 'ready';
  const timezone = context.timezone ?? 'UTC';
  return {
    status,
    /** An older page shown while the next one loads: the table dims it. */
    stale: loading && context.page !== null,
    search: context.search,
    timezone,
    rows: rowsOf({ page: context.page, timezone, expanded: context.expanded }),
    /** Where the page is: numbers flat, so an unchanged page re-renders nothing. */
    ...(context.page ? pagerOf(context.page) : NO_PAGE),
    exporting: snapshot.matches({ csv: 'exporting' }),
    table: snapshot.children.table,
  };
}

export type AuditView = ReturnType<typeof auditView>;
