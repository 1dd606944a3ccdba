import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { filterRows, orderRows, type SortDirection, type TableRow } from './table.view';

interface TableContext {
  /** The rows as the screen handed them over (the server's order). */
  rows: readonly TableRow[];
  /** The rows in the current sort order. */
  ordered: readonly TableRow[];
  query: string;
  sortColumn: string | null;
  /** Keys of the rows in view: `ordered`, narrowed by the search. */
  visible: readonly string[];
  /** Keys in view that may be selected; select-all selects exactly these. */
  selectable: ReadonlySet<string>;
  /** Always a subset of `selectable`: hidden rows are never part of a bulk action. */
  selected: ReadonlySet<string>;
}

export type TableEvent =
  | { type: 'SET_ROWS'; rows: readonly TableRow[] }
  | { type: 'SEARCH'; query: string }
  | { type: 'SORT'; column: string }
  | { type: 'TOGGLE_ROW'; key: string }
  | { type: 'TOGGLE_ALL' }
  | { type: 'CLEAR_SELECTION' }
  /** Clear search: the query and the selection go. */
  | { type: 'RESET' };

type ViewUpdate = Pick<TableContext, 'ordered' | 'query'>;

/** Recomputes what is in view and keeps only the selected rows still in view. */
function view(context: TableContext, update: ViewUpdate): Partial<TableContext> {
  const shown = filterRows(update.ordered, update.query);
  const selectable = new Set(shown.filter((row) => row.selectable).map((row) => row.key));
  const selected = new Set([...context.selected].filter((key) => selectable.has(key)));
  return { ...update, visible: shown.map((row) => row.key), selectable, selected };
}

function ordered(
  rows: readonly TableRow[],
  column: string | null,
  direction: SortDirection | null,
) {
  return column === null || direction === null ? rows : orderRows(rows, column, direction);
}

const isAllSelected = (context: TableContext) =>
  context.selectable.size > 0 && context.selected.size === context.selectable.size;

/**
 * Search, sort and selection of one table. `sort` toggles ascending and descending on the same
 * column; `view` and `selection` follow the context (empty table, no search match, rows; none,
 * some or all of the selectable rows in view).
 */
export const tableMachine = setup({
  types: { context: {} as TableContext, events: {} as TableEvent },
  guards: {
    isSortedColumn: ({ context, event }) =>
      event.type === 'SORT' && event.column === context.sortColumn,
    isSelectable: ({ context, event }) =>
      event.type === 'TOGGLE_ROW' && context.selectable.has(event.key),
    isEmpty: ({ context }) => context.rows.length === 0,
    hasNoMatches: ({ context }) => context.rows.length > 0 && context.visible.length === 0,
    hasRowsInView: ({ context }) => context.visible.length > 0,
    isAllSelected: ({ context }) => isAllSelected(context),
    isNoneSelected: ({ context }) => context.selected.size === 0,
    isSomeSelected: ({ context }) => context.selected.size > 0 && !isAllSelected(context),
  },
  actions: {
    assignRows: assign(
      ({ context }, params: { rows: readonly TableRow[]; direction: SortDirection | null }) => ({
        rows: params.rows,
        ...view(context, {
          ordered: ordered(params.rows, context.sortColumn, params.direction),
          query: context.query,
        }),
      }),
    ),
    assignSort: assign(({ context }, params: { column: string; direction: SortDirection }) => ({
      sortColumn: params.column,
      ...view(context, {
        ordered: orderRows(context.rows, params.column, params.direction),
        query: context.query,
      }),
    })),
    assignQuery: assign(({ context }, params: { query: string }) =>
      view(context, { ordered: context.ordered, query: params.query }),
    ),
    toggleRow: assign(({ context }, params: { key: string }) => {
      const selected = new Set(context.selected);
      if (!selected.delete(params.key)) selected.add(params.key);
      return { selected };
    }),
    selectAll: assign(({ context }) => ({ selected: new Set(context.selectable) })),
    clearSelection: assign({ selected: () => new Set<string>() }),
    clearQuery: assign(({ context }) => view(context, { ordered: context.ordered, query: '' })),
  },
}).createMachine({
  id: 'table',
  type: 'parallel',
  context: {
    rows: [],
    ordered: [],
    query: '',
    sortColumn: null,
    visible: [],
    selectable: new Set(),
    selected: new Set(),
  },
  on: {
    SEARCH: { actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) } },
    TOGGLE_ROW: {
      guard: 'isSelectable',
      actions: { type: 'toggleRow', params: ({ event }) => ({ key: event.key }) },
    },
    TOGGLE_ALL: [{ guard: 'isAllSelected', actions: 'clearSelection' }, { actions: 'selectAll' }],
    CLEAR_SELECTION: { actions: 'clearSelection' },
    RESET: { actions: ['clearSelection', 'clearQuery'] },
  },
  states: {
    sort: {
      initial: 'unsorted',
      states: {
        unsorted: {
          on: {
            SET_ROWS: {
              actions: {
                type: 'assignRows',
                params: ({ event }) => ({ rows: event.rows, direction: null }),
              },
            },
            SORT: {
              target: 'ascending',
              actions: {
                type: 'assignSort',
                params: ({ event }) => ({ column: event.column, direction: 'ascending' }),
              },
            },
          },
        },
        ascending: {
          on: {
            SET_ROWS: {
              actions: {
                type: 'assignRows',
                params: ({ event }) => ({ rows: event.rows, direction: 'ascending' }),
              },
            },
            SORT: [
              {
                guard: 'isSortedColumn',
                target: 'descending',
                actions: {
                  type: 'assignSort',
                  params: ({ event }) => ({ column: event.column, direction: 'descending' }),
                },
              },
              {
                target: 'ascending',
                actions: {
                  type: 'assignSort',
                  params: ({ event }) => ({ column: event.column, direction: 'ascending' }),
                },
              },
            ],
          },
        },
        descending: {
          on: {
            SET_ROWS: {
              actions: {
                type: 'assignRows',
                params: ({ event }) => ({ rows: event.rows, direction: 'descending' }),
              },
            },
            SORT: {
              target: 'ascending',
              actions: {
                type: 'assignSort',
                params: ({ event }) => ({ column: event.column, direction: 'ascending' }),
              },
            },
          },
        },
      },
    },
    view: {
      initial: 'empty',
      states: {
        empty: {
          always: [
            { guard: 'hasNoMatches', target: 'noMatches' },
            { guard: 'hasRowsInView', target: 'rows' },
          ],
        },
        noMatches: {
          always: [
            { guard: 'isEmpty', target: 'empty' },
            { guard: 'hasRowsInView', target: 'rows' },
          ],
        },
        rows: {
          always: [
            { guard: 'isEmpty', target: 'empty' },
            { guard: 'hasNoMatches', target: 'noMatches' },
          ],
        },
      },
    },
    selection: {
      initial: 'none',
      states: {
        none: {
          always: [
            { guard: 'isAllSelected', target: 'all' },
            { guard: 'isSomeSelected', target: 'some' },
          ],
        },
        some: {
          always: [
            { guard: 'isAllSelected', target: 'all' },
            { guard: 'isNoneSelected', target: 'none' },
          ],
        },
        all: {
          always: [
            { guard: 'isNoneSelected', target: 'none' },
            { guard: 'isSomeSelected', target: 'some' },
          ],
        },
      },
    },
  },
});

export type TableActor = ActorRefFrom<typeof tableMachine>;
export type TableSnapshot = SnapshotFrom<typeof tableMachine>;

/** The selected keys in the order they are shown. */
export const selectedKeys = (context: TableContext) =>
  context.visible.filter((key) => context.selected.has(key));
