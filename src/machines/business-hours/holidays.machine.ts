import type { Holiday, HolidayCandidate, HolidayCountry } from '@/api/types';
import { assertEvent, assign, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createHolidaysActors } from './holidays.actors';
import { ASSIGN_ERROR, CLOSE, importingState } from './holidays-import.states';
import {
  canAddHoliday,
  canPreview,
  EMPTY_HOLIDAY,
  emptyImport,
  holidayInput,
  initiallyTicked,
  tickable,
  toggleDate,
  type HolidayDraft,
  type ImportDraft,
} from './holidays.draft';
import { failureMessage, toastFailed, toastSaved } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

interface HolidaysContext {
  holidays: Holiday[];
  /** The add dialog's form. */
  draft: HolidayDraft;
  /** The import dialog's country and years. */
  importDraft: ImportDraft;
  /** Loaded the first time the import dialog opens. */
  countries: HolidayCountry[] | null;
  /** The import preview's rows, and the first dates of those ticked. */
  preview: HolidayCandidate[];
  ticked: string[];
  /** The holiday being removed. */
  removing: string | null;
  /** Why the open dialog's last call failed. */
  error: string | null;
}

export type HolidaysEvent =
  | { type: 'RETRY' }
  | { type: 'ADD' }
  | { type: 'IMPORT' }
  | { type: 'CLOSE' }
  | { type: 'EDIT_HOLIDAY'; patch: Partial<HolidayDraft> }
  | { type: 'EDIT_IMPORT'; patch: Partial<ImportDraft> }
  | { type: 'PREVIEW' }
  | { type: 'BACK' }
  | { type: 'TOGGLE_ROW'; date: string }
  | { type: 'TOGGLE_ALL' }
  | { type: 'SAVE' }
  | { type: 'REMOVE'; date: string };

/** Holidays change past figures too, at the next rebuild: the toasts say so. */
const HOLIDAYS_TOMORROW =
  'Every figure, past ones included, will reflect this change in your dashboard tomorrow at 00:01 local time';

const saved = (title: string) => toastSaved(title, HOLIDAYS_TOMORROW);

const importedTitle = (added: number) =>
  added === 1 ? '1 holiday imported' : `${added} holidays imported`;

/** The company holidays card: the list, the add and import dialogs, and removals. */
export function createHolidaysMachine(client: ApiClient, today: () => Date = () => new Date()) {
  const holidaysSetup = setup({
    types: { context: {} as HolidaysContext, events: {} as HolidaysEvent },
    actors: createHolidaysActors(client),
    guards: {
      canAdd: ({ context }) => canAddHoliday(context.draft),
      canPreview: ({ context }) => canPreview(context.importDraft),
      hasCountries: ({ context }) => context.countries !== null,
      hasTicked: ({ context }) => context.ticked.length > 0,
    },
    actions: {
      assignHolidays: assign((_, params: { holidays: Holiday[] }) => ({
        holidays: params.holidays,
      })),
      startAdding: assign({ draft: EMPTY_HOLIDAY, error: null }),
      editHoliday: assign(({ context, event }) => {
        assertEvent(event, 'EDIT_HOLIDAY');
        return { draft: { ...context.draft, ...event.patch }, error: null };
      }),
      startImport: assign({ importDraft: () => emptyImport(today()), error: null }),
      assignCountries: assign((_, params: { countries: HolidayCountry[] }) => ({
        countries: params.countries,
      })),
      editImport: assign(({ context, event }) => {
        assertEvent(event, 'EDIT_IMPORT');
        const next = { ...context.importDraft, ...event.patch };
        // Another country has other regions.
        const newCountry =
          event.patch.country !== undefined && event.patch.country !== context.importDraft.country;
        if (newCountry && event.patch.region === undefined) next.region = '';
        return { importDraft: next, error: null };
      }),
      assignPreview: assign((_, params: { rows: HolidayCandidate[] }) => ({
        preview: params.rows,
        ticked: initiallyTicked(params.rows),
        error: null,
      })),
      toggleRow: assign({
        ticked: ({ context, event }) => {
          assertEvent(event, 'TOGGLE_ROW');
          return toggleDate(context.ticked, event.date);
        },
      }),
      toggleAll: assign({
        ticked: ({ context }) => {
          const all = tickable(context.preview);
          return context.ticked.length === all.length ? [] : all;
        },
      }),
      assignError: assign((_, params: { error: unknown }) => ({
        error: failureMessage(params.error),
      })),
      assignRemoving: assign({
        removing: ({ event }) => {
          assertEvent(event, 'REMOVE');
          return event.date;
        },
      }),
      dropRemoved: assign(({ context }) => ({
        holidays: context.holidays.filter((holiday) => holiday.date !== context.removing),
        removing: null,
      })),
      clearRemoving: assign({ removing: null }),
      notifyAdded: () => saved('Holiday added'),
      notifyImported: (_, params: { added: number }) => saved(importedTitle(params.added)),
      notifyRemoved: () => saved('Holiday removed'),
      notifyRemoveFailed: (_, params: { error: unknown }) =>
        toastFailed("We couldn't remove the holiday", params.error),
    },
  });
  return holidaysSetup.createMachine({
    id: 'holidays',
    description:
      "The company holidays card: the days business hours skip, added by hand, imported from a country's public holidays, or removed.",
    meta: describeNamed(holidaysSetup, {
      guards: {
        canAdd: 'The holiday has a real date, a last date not before it (or none) and a name',
        canPreview: 'A country is chosen and the years run forward over at most ten years',
        hasCountries: 'The countries were loaded by an earlier import, so none is loaded again',
        hasTicked: 'At least one holiday in the preview is ticked',
      },
      actions: {
        assignHolidays: 'Keeps the holidays the server holds (after a load, an add or an import)',
        startAdding: 'Opens the add dialog empty',
        editHoliday:
          "Applies the user's change to the date, last date or name and clears the last error",
        startImport: 'Opens the import dialog with this year and next',
        assignCountries: 'Keeps the countries that holidays can be imported from',
        editImport:
          "Applies the user's change to country, region or years (a new country resets the region)",
        assignPreview:
          'Shows the public holidays found, ticking the suggested ones not already in the list',
        toggleRow: 'Ticks or unticks one holiday in the preview',
        toggleAll:
          'Ticks every holiday that can be imported, or unticks them all when all are ticked',
        assignError: 'Shows in the dialog why the call failed',
        assignRemoving: 'Remembers which holiday is being removed',
        dropRemoved: 'Takes the removed holiday out of the list',
        clearRemoving: 'Forgets the holiday whose removal failed, which stays in the list',
        notifyAdded: 'Says Holiday added, and that figures change at the next nightly rebuild',
        notifyImported:
          'Says how many holidays were imported, and that figures change at the next nightly rebuild',
        notifyRemoved: 'Says Holiday removed, and that figures change at the next nightly rebuild',
        notifyRemoveFailed: 'Says the holiday could not be removed, and why',
      },
    }),
    initial: 'loading',
    context: {
      holidays: [],
      draft: EMPTY_HOLIDAY,
      importDraft: emptyImport(today()),
      countries: null,
      preview: [],
      ticked: [],
      removing: null,
      error: null,
    },
    states: {
      loading: {
        description: "Loading the company's holidays",
        invoke: {
          id: 'loadHolidays',
          src: 'loadHolidays',
          onDone: {
            target: 'ready',
            actions: {
              type: 'assignHolidays',
              params: ({ event }) => ({ holidays: event.output }),
            },
          },
          onError: 'failed',
        },
      },
      failed: {
        description: 'The holidays could not be loaded; the card offers a retry',
        on: { RETRY: 'loading' },
      },
      ready: {
        description: 'The holidays list, and the dialog or removal under way',
        initial: 'idle',
        states: {
          idle: {
            description: "The list alone: Add, Import and each holiday's Remove are offered",
            on: {
              ADD: { target: 'adding', actions: 'startAdding' },
              IMPORT: { target: 'importing', actions: 'startImport' },
              REMOVE: { target: 'removing', actions: 'assignRemoving' },
            },
          },
          removing: {
            description:
              'Waiting for the server to remove one holiday; its row stays until it is gone',
            invoke: {
              id: 'removeHoliday',
              src: 'removeHoliday',
              input: ({ context }) => ({ date: context.removing ?? '' }),
              onDone: { target: 'idle', actions: ['dropRemoved', 'notifyRemoved'] },
              onError: {
                target: 'idle',
                actions: [
                  'clearRemoving',
                  { type: 'notifyRemoveFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
          adding: {
            description: 'The add holiday dialog: a date, an optional last date and a name',
            initial: 'editing',
            on: { CLOSE },
            states: {
              editing: {
                description:
                  'Filling in the holiday; Save needs a real date, a last date not before it and a name',
                on: {
                  EDIT_HOLIDAY: { actions: 'editHoliday' },
                  SAVE: { guard: 'canAdd', target: 'saving' },
                },
              },
              saving: {
                description: 'Waiting for the server to add the holiday',
                tags: 'saving',
                invoke: {
                  id: 'addHoliday',
                  src: 'addHoliday',
                  input: ({ context }) => holidayInput(context.draft),
                  onDone: {
                    target: '#holidays.ready.idle',
                    actions: [
                      {
                        type: 'assignHolidays',
                        params: ({ event }) => ({ holidays: event.output }),
                      },
                      'notifyAdded',
                    ],
                  },
                  onError: {
                    target: 'editing',
                    actions: ASSIGN_ERROR,
                  },
                },
              },
            },
          },
          importing: importingState,
        },
      },
    },
  });
}

export type HolidaysMachine = ReturnType<typeof createHolidaysMachine>;
