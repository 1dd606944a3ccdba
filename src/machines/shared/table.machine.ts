import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SortDirection, TableRow } from './table.view';
import { currentOrder, isAllSelected, ordering, view, type TableContext } from './table.context';
import { describeNamed } from './describe-named';

export type TableEvent =
  | { type: 'SET_ROWS'; rows: readonly TableRow[] }
  | { type: 'SEARCH'; query: string }
  | { type: 'SORT'; column: string }
  | { type: 'TOGGLE_ROW'; key: string }
  | { type: 'TOGGLE_ALL' }
  | { type: 'CLEAR_SELECTION' }
  /** Clear search: the query and the selection go. */
  | { type: 'RESET' };

/**
 * Search, sort and selection of one table. `sort` toggles ascending and descending on the same
 * column; `view` and `selection` follow the context (empty table, no search match, rows; none,
 * some or all of the selectable rows in view).
 */
const tableSetup = setup({
  types: { context: {} as TableContext, events: {} as TableEvent },
  guards: {
    isSortedColumn: ({ context, event }) =>
      event.type === 'SORT' && event.column === context.sortColumn,
    isSelectable: ({ context, event }) =>
      event.type === 'TOGGLE_ROW' &&
      !context.locked.has(event.key) &&
      context.visible.includes(event.key),
    isEmpty: ({ context }) => context.rows.length === 0,
    hasNoMatches: ({ context }) => context.rows.length > 0 && context.visible.length === 0,
    hasRowsInView: ({ context }) => context.visible.length > 0,
    isAllSelected: ({ context }) => isAllSelected(context),
    isNoneSelected: ({ context }) => context.selected.size === 0,
    isSomeSelected: ({ context }) => context.selected.size > 0 && !isAllSelected(context),
  },
  actions: {
    assignRows: assign(
      ({ context }, params: { rows: readonly TableRow[]; direction: SortDirection | null }) => {
        const locked = new Set(params.rows.filter((row) => !row.selectable).map((row) => row.key));
        return {
          rows: params.rows,
          locked,
          ...view(
            { ...context, locked },
            {
              ...ordering(params.rows, context.sortColumn, params.direction),
              query: context.query,
            },
          ),
        };
      },
    ),
    assignSort: assign(({ context }, params: { column: string; direction: SortDirection }) => ({
      sortColumn: params.column,
      ...view(context, {
        ...ordering(context.rows, params.column, params.direction),
        query: context.query,
      }),
    })),
    assignQuery: assign(({ context }, params: { query: string }) =>
      view(context, { ...currentOrder(context), query: params.query }),
    ),
    toggleRow: assign(({ context }, params: { key: string }) => {
      const selected = new Set(context.selected);
      if (!selected.delete(params.key)) selected.add(params.key);
      return { selected };
    }),
    selectAll: assign(({ context }) => ({
      selected: new Set(context.visible.filter((key) => !context.locked.has(key))),
    })),
    clearSelection: assign({ selected: () => new Set<string>() }),
    clearQuery: assign(({ context }) => view(context, { ...currentOrder(context), query: '' })),
  },
});

export const tableMachine = tableSetup.createMachine({
  id: 'table',
  description:
    "Search, sort and selection of one data table: the list tabs' tables and the other lists that tick rows.",
  meta: describeNamed(tableSetup, {
    guards: {
      isSortedColumn: 'The clicked column is the one the rows are already sorted by',
      isSelectable: 'The clicked row is in view and may be ticked (not locked)',
      isEmpty: 'The table has no rows at all',
      hasNoMatches: 'There are rows, but the search hides every one of them',
      hasRowsInView: 'At least one row is in view',
      isAllSelected: 'Every selectable row in view is ticked',
      isNoneSelected: 'No row is ticked',
      isSomeSelected: 'Some, but not all, of the selectable rows in view are ticked',
    },
    actions: {
      assignRows:
        'Takes the rows the screen hands over, keeping the sort, the search and the ticks of rows still in view',
      assignSort: 'Orders the rows by the clicked column in the given direction',
      assignQuery:
        'Narrows the rows in view to those matching the search; ticked rows that drop out are unticked',
      toggleRow: 'Ticks or unticks one row',
      selectAll: 'Ticks every selectable row in view (never a hidden or locked one)',
      clearSelection: 'Unticks every row',
      clearQuery: 'Empties the search, so every row is in view again',
    },
  }),
  type: 'parallel',
  context: {
    rows: [],
    ordered: [],
    orderedKeys: [],
    query: '',
    sortColumn: null,
    shown: [],
    visible: [],
    locked: new Set(),
    selectableCount: 0,
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
      description:
        'How the rows are ordered: as the server sent them, or by the column header last clicked',
      initial: 'unsorted',
      states: {
        unsorted: {
          description: "In the server's order; no column header clicked yet",
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
          description: 'Sorted by the clicked column, smallest or A first',
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
          description: 'Sorted by the clicked column again, largest or Z first',
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
      description: 'What the table body shows: its empty text, its no-match text, or rows',
      initial: 'empty',
      states: {
        empty: {
          description: 'There are no rows at all; the table shows its empty text',
          always: [
            { guard: 'hasNoMatches', target: 'noMatches' },
            { guard: 'hasRowsInView', target: 'rows' },
          ],
        },
        noMatches: {
          description: 'There are rows, but the search matches none of them; the table says so',
          always: [
            { guard: 'isEmpty', target: 'empty' },
            { guard: 'hasRowsInView', target: 'rows' },
          ],
        },
        rows: {
          description: 'Rows are in view',
          always: [
            { guard: 'isEmpty', target: 'empty' },
            { guard: 'hasNoMatches', target: 'noMatches' },
          ],
        },
      },
    },
    selection: {
      description:
        'How many of the selectable rows in view are ticked (the header checkbox and the bulk actions follow it)',
      initial: 'none',
      states: {
        none: {
          description: 'No row is ticked',
          always: [
            { guard: 'isAllSelected', target: 'all' },
            { guard: 'isSomeSelected', target: 'some' },
          ],
        },
        some: {
          description:
            'Some selectable rows in view are ticked; the header checkbox is half ticked',
          always: [
            { guard: 'isAllSelected', target: 'all' },
            { guard: 'isNoneSelected', target: 'none' },
          ],
        },
        all: {
          description: 'Every selectable row in view is ticked',
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
