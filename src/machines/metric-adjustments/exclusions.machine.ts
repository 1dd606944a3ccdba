import type { FilteringSettingsReply } from '@/api/types';
import { assertEvent, assign, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  addItems,
  filtersFromRows,
  isIncomplete,
  removeItem,
  reshapeRow,
  rowsFromFilters,
  type ExclusionRow,
} from '@/domain/exclusion-rows';
import type { FilterField, FilterOperator } from '@common/exclusions';
import { createFilteringActors } from './filtering-settings.actors';
import { filteringBlockStates } from './filtering-settings.states';
import { toastSaved, toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

interface ExclusionsContext {
  /** 'G' (Google) offers Label; other providers offer Category and Folder. */
  provider: string;
  rows: ExclusionRow[];
  nextId: number;
}

export type ExclusionsEvent =
  | { type: 'ADD_ROW' }
  | { type: 'REMOVE_ROW'; id: number }
  | { type: 'SET_FIELD'; id: number; field: FilterField }
  | { type: 'SET_OPERATOR'; id: number; operator: FilterOperator }
  | { type: 'ADD_ITEMS'; id: number; items: string[] }
  | { type: 'REMOVE_ITEM'; id: number; item: string }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export const EXCLUSIONS_SAVED = 'New exclusions condition saved';
const EXCLUSIONS_NOT_SAVED = "We couldn't save your exclusion conditions";

const EDIT = { target: '.checking', actions: 'editRows' } as const;

type RowEdit = Exclude<ExclusionsEvent, { type: 'ADD_ROW' | 'SAVE' | 'RETRY' }>;

function editRow(row: ExclusionRow, event: RowEdit): ExclusionRow | null {
  switch (event.type) {
    case 'REMOVE_ROW':
      return null;
    case 'SET_FIELD':
      return reshapeRow(row, { field: event.field });
    case 'SET_OPERATOR':
      return reshapeRow(row, { operator: event.operator });
    case 'ADD_ITEMS':
      return addItems(row, event.items);
    case 'REMOVE_ITEM':
      return removeItem(row, event.item);
  }
}

/**
 * The Exclude Emails block. Save is possible only in `ready.valid`: after
 * an edit since the last load or save, with every row holding entries, all of them valid. With
 * no rows left after a removal, saving the empty set is allowed. A save reloads the rows.
 */
export function createExclusionsMachine(client: ApiClient) {
  const exclusionsSetup = setup({
    types: {
      context: {} as ExclusionsContext,
      events: {} as ExclusionsEvent,
      input: {} as { provider: string },
    },
    actors: createFilteringActors(client),
    guards: {
      hasIncompleteRow: ({ context }) => context.rows.some(isIncomplete),
    },
    actions: {
      assignReply: assign(({ context }, params: { reply: FilteringSettingsReply }) => {
        const filters = params.reply.filtering_settings.excluded_filters;
        const rows = rowsFromFilters(filters, context.provider);
        return { rows, nextId: rows.length + 1 };
      }),
      addRow: assign(({ context }) => ({
        rows: [
          ...context.rows,
          { id: context.nextId, field: 'addresses', operator: 'is', items: [] } as const,
        ],
        nextId: context.nextId + 1,
      })),
      editRows: assign({
        rows: ({ context, event }) => {
          assertEvent(event, [
            'REMOVE_ROW',
            'SET_FIELD',
            'SET_OPERATOR',
            'ADD_ITEMS',
            'REMOVE_ITEM',
          ]);
          return context.rows
            .map((row) => (row.id === event.id ? editRow(row, event) : row))
            .filter((row): row is ExclusionRow => row !== null);
        },
      }),
      notifySaved: () => toastSaved(EXCLUSIONS_SAVED),
      notifySaveFailed: (_, params: { error: unknown }) =>
        toastFailed(EXCLUSIONS_NOT_SAVED, params.error),
    },
  });
  return exclusionsSetup.createMachine({
    id: 'exclusions',
    description:
      'The Exclude Emails block of metric adjustments: the conditions (an address, domain, subject, label, folder or category that is or contains an entry) whose emails no figure counts.',
    meta: describeNamed(exclusionsSetup, {
      guards: {
        hasIncompleteRow: 'A condition has no entries, or an entry that is not valid for its field',
      },
      actions: {
        assignReply: 'Shows the saved conditions as rows',
        addRow: 'Adds an empty condition (addresses, is)',
        editRows:
          "Applies the user's change to one condition: its field, operator or entries, or removes it",
        notifySaved: 'Says New exclusions condition saved',
        notifySaveFailed: 'Says the exclusion conditions could not be saved, and why',
      },
    }),
    initial: 'loading',
    context: ({ input }) => ({ provider: input.provider, rows: [], nextId: 1 }),
    states: {
      ...filteringBlockStates({
        src: 'saveExclusions',
        input: ({ context }: { context: ExclusionsContext }) => filtersFromRows(context.rows),
        failedTarget: 'ready.valid',
      }),
      ready: {
        description: 'The exclusion conditions, each a field, an operator and its entries',
        initial: 'pristine',
        on: {
          ADD_ROW: { target: '.checking', actions: 'addRow' },
          REMOVE_ROW: EDIT,
          SET_FIELD: EDIT,
          SET_OPERATOR: EDIT,
          ADD_ITEMS: EDIT,
          REMOVE_ITEM: EDIT,
        },
        states: {
          pristine: {
            description: 'Nothing edited since the last load or save; Save is disabled',
          },
          checking: {
            description: 'Checking the conditions after an edit',
            always: [{ guard: 'hasIncompleteRow', target: 'invalid' }, { target: 'valid' }],
          },
          invalid: {
            description: 'A condition has no entries or an invalid one; Save is disabled',
          },
          valid: {
            description: 'Edited, and every condition is complete; Save is enabled',
            on: { SAVE: '#exclusions.saving' },
          },
        },
      },
    },
  });
}

export type ExclusionsMachine = ReturnType<typeof createExclusionsMachine>;
