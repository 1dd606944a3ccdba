import {
  filterRows,
  orderRows,
  searchNarrows,
  type SortDirection,
  type TableRow,
} from './table.view';

// The table machine's context and the rules that keep it consistent (what is in view, what may
// stay selected), apart from the machine's states and events.

export interface TableContext {
  /** The rows as the screen handed them over (the server's order). */
  rows: readonly TableRow[];
  /** The rows in the current sort order, and their keys (what an empty search shows). */
  ordered: readonly TableRow[];
  orderedKeys: readonly string[];
  query: string;
  sortColumn: string | null;
  /** The rows in view: `ordered`, narrowed by the search; `visible` holds their keys. */
  shown: readonly TableRow[];
  visible: readonly string[];
  /** Keys of the rows no one may select (a handful), so a keystroke builds no set of keys. */
  locked: ReadonlySet<string>;
  /** How many rows in view may be selected; select-all selects exactly these. */
  selectableCount: number;
  /** Always rows in view that are not locked: hidden rows are never part of a bulk action. */
  selected: ReadonlySet<string>;
}

type ViewUpdate = Pick<TableContext, 'ordered' | 'orderedKeys' | 'query'>;

/**
 * Recomputes what is in view and keeps only the selected rows still in view. A keystroke that
 * only lengthens the query narrows the rows already shown; an empty query shows `ordered` as is.
 */
export function view(context: TableContext, update: ViewUpdate): Partial<TableContext> {
  const narrowing =
    update.ordered === context.ordered && searchNarrows(context.query, update.query);
  const shown = filterRows(narrowing ? context.shown : update.ordered, update.query);
  const visible = shown === update.ordered ? update.orderedKeys : shown.map((row) => row.key);
  let selectableCount = 0;
  for (const row of shown) if (!context.locked.has(row.key)) selectableCount++;
  return {
    ...update,
    shown,
    visible,
    selectableCount,
    selected: keepInView(context.selected, visible),
  };
}

/** The selection narrowed to the keys in view; the same set when nothing is selected. */
function keepInView(selected: ReadonlySet<string>, visible: readonly string[]) {
  if (selected.size === 0) return selected;
  const inView = new Set(visible);
  return new Set([...selected].filter((key) => inView.has(key)));
}

export function ordering(
  rows: readonly TableRow[],
  column: string | null,
  direction: SortDirection | null,
) {
  const ordered = column === null || direction === null ? rows : orderRows(rows, column, direction);
  return { ordered, orderedKeys: ordered.map((row) => row.key) };
}

export const currentOrder = ({ ordered, orderedKeys }: TableContext) => ({ ordered, orderedKeys });

export const isAllSelected = (context: TableContext) =>
  context.selectableCount > 0 && context.selected.size === context.selectableCount;
