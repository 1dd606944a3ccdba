import type { TableSnapshot } from './table.machine';

// The pure part of the table: how rows are searched and ordered (the table machine calls these
// in its actions; they are plain functions so the bench and tests can time and check them), and
// what the table's screen shows of a snapshot.

/** One row as the table machine sees it; the screen keeps the entity itself, by `key`. */
export interface TableRow {
  key: string;
  /** False for rows no one may select, e.g. the signed-in user's own row. */
  selectable: boolean;
  /** Lower-cased text the search box matches against. */
  text: string;
  /** The value each sortable column orders by. */
  sort: Readonly<Record<string, string | number>>;
}

export type SortDirection = 'ascending' | 'descending';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareValues(a: string | number | undefined, b: string | number | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

/** The rows ordered by `column`; ties keep the server's order, so sorting is stable both ways. */
export function orderRows(
  rows: readonly TableRow[],
  column: string,
  direction: SortDirection,
): TableRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) => sign * compareValues(a.row.sort[column], b.row.sort[column]) || a.index - b.index,
    )
    .map(({ row }) => row);
}

const normalizeQuery = (query: string) => query.trim().toLowerCase();

/** The rows whose text contains the query, in the given order. */
export function filterRows(rows: readonly TableRow[], query: string): readonly TableRow[] {
  const needle = normalizeQuery(query);
  return needle === '' ? rows : rows.filter((row) => row.text.includes(needle));
}

/** True when every row matching `next` also matches `previous`, so `next` may filter its rows. */
export const searchNarrows = (previous: string, next: string) =>
  normalizeQuery(next).includes(normalizeQuery(previous));

/** Joins the searchable fields of a row into its `text`. */
export const searchText = (...fields: readonly string[]) => fields.join('\u0000').toLowerCase();

/** What the table's body shows: the empty state, the no-match state or the rows. */
export const tableBody = (snapshot: TableSnapshot): 'empty' | 'noMatches' | 'rows' =>
  snapshot.matches({ view: 'empty' })
    ? 'empty'
    : snapshot.matches({ view: 'noMatches' })
      ? 'noMatches'
      : 'rows';

type TableSort = { column: string; direction: SortDirection } | null;

/** The sorted column and its direction; null until a header is chosen. */
export function tableSort(snapshot: TableSnapshot): TableSort {
  const column = snapshot.context.sortColumn;
  if (column === null || snapshot.matches({ sort: 'unsorted' })) return null;
  const descending = snapshot.matches({ sort: 'descending' });
  return { column, direction: descending ? 'descending' : 'ascending' };
}

export const sameSort = (a: TableSort, b: TableSort) =>
  a?.column === b?.column && a?.direction === b?.direction;

/** The select-all box: ticked, partly ticked, or off when no row in view may be selected. */
export const selectAllBox = (snapshot: TableSnapshot) =>
  snapshot.matches({ selection: 'all' })
    ? 'all'
    : snapshot.matches({ selection: 'some' })
      ? 'some'
      : snapshot.context.selectableCount === 0
        ? 'disabled'
        : 'none';
