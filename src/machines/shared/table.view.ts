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

type SelectAllBox = 'all' | 'some' | 'none' | 'disabled';

/** What a table's screens show of a snapshot of its machine. */
export interface TableView {
  query: string;
  /** The empty state, the no-match state or the rows. */
  body: 'empty' | 'noMatches' | 'rows';
  /** The sorted column and its direction; null until a header is chosen. */
  sortColumn: string | null;
  sortDirection: SortDirection | null;
  /** The select-all box: ticked, partly ticked, off, or disabled when no row in view may be. */
  selectAll: SelectAllBox;
  /** The keys of the rows in view, in order. */
  visible: readonly string[];
  selected: ReadonlySet<string>;
  /** Rows no one may select. */
  locked: ReadonlySet<string>;
}

function body(snapshot: TableSnapshot): TableView['body'] {
  if (snapshot.matches({ view: 'empty' })) return 'empty';
  return snapshot.matches({ view: 'noMatches' }) ? 'noMatches' : 'rows';
}

function sortDirection(snapshot: TableSnapshot): SortDirection | null {
  if (snapshot.context.sortColumn === null || snapshot.matches({ sort: 'unsorted' })) return null;
  return snapshot.matches({ sort: 'descending' }) ? 'descending' : 'ascending';
}

function selectAll(snapshot: TableSnapshot): SelectAllBox {
  if (snapshot.matches({ selection: 'all' })) return 'all';
  if (snapshot.matches({ selection: 'some' })) return 'some';
  return snapshot.context.selectableCount === 0 ? 'disabled' : 'none';
}

export function tableView(snapshot: TableSnapshot): TableView {
  const { context } = snapshot;
  const direction = sortDirection(snapshot);
  return {
    query: context.query,
    body: body(snapshot),
    sortColumn: direction === null ? null : context.sortColumn,
    sortDirection: direction,
    selectAll: selectAll(snapshot),
    visible: context.visible,
    selected: context.selected,
    locked: context.locked,
  };
}

const NONE: readonly string[] = [];

/** The selected keys in the order they are shown. */
export const selectedKeys = ({ visible, selected }: Pick<TableView, 'visible' | 'selected'>) =>
  selected.size === 0 ? NONE : visible.filter((key) => selected.has(key));
