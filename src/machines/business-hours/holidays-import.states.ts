import type { HolidayCandidate, HolidayCountry } from '@/api/types';
import type { DoneActorEvent } from 'xstate';
import type { ImportResult } from './holidays.actors';
import { importQuery, type ImportDraft } from './holidays.draft';

/** Closing a dialog returns the card to its list. */
export const CLOSE = { target: '#holidays.ready.idle' } as const;

/** A failed call keeps its dialog open with the reason. */
export const ASSIGN_ERROR = {
  type: 'assignError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

interface ImportContext {
  importDraft: ImportDraft;
  ticked: string[];
}

type Done<T> = { event: DoneActorEvent<T> };

/**
 * The import dialog's states inside the holidays card's `ready`: the countries (loaded once),
 * the country and years, the preview with its ticked rows, and the import. The holidays setup
 * names what they use: the actors `loadCountries`, `previewHolidays` and `importHolidays`, the
 * guards `hasCountries`, `canPreview` and `hasTicked`, and the actions `assignCountries`,
 * `editImport`, `assignPreview`, `toggleRow`, `toggleAll`, `assignHolidays`, `notifyImported`
 * and `assignError`.
 */
export const importingState = {
  description:
    'The import dialog: pick a country, its region and years, preview its public holidays, import the ticked ones',
  initial: 'loadingCountries',
  on: { CLOSE },
  states: {
    loadingCountries: {
      description: 'Loading the countries to import from (once; later imports reuse them)',
      always: { guard: 'hasCountries', target: 'choosing' },
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: {
          target: 'choosing',
          actions: {
            type: 'assignCountries',
            params: ({ event }: Done<HolidayCountry[]>) => ({ countries: event.output }),
          },
        },
        onError: {
          target: 'choosing',
          actions: ASSIGN_ERROR,
        },
      },
    },
    choosing: {
      description:
        'Choosing the country, region and years; Preview needs a country and at most ten years in order',
      on: {
        EDIT_IMPORT: { actions: 'editImport' },
        PREVIEW: { guard: 'canPreview', target: 'previewing' },
      },
    },
    previewing: {
      description: 'Fetching the public holidays of the chosen country and years',
      invoke: {
        id: 'previewHolidays',
        src: 'previewHolidays',
        input: ({ context }: { context: ImportContext }) => importQuery(context.importDraft),
        onDone: {
          target: 'reviewing',
          actions: {
            type: 'assignPreview',
            params: ({ event }: Done<HolidayCandidate[]>) => ({ rows: event.output }),
          },
        },
        onError: {
          target: 'choosing',
          actions: ASSIGN_ERROR,
        },
      },
    },
    reviewing: {
      description:
        'The preview list: the user ticks the holidays to import (those already in the list cannot be ticked)',
      on: {
        TOGGLE_ROW: { actions: 'toggleRow' },
        TOGGLE_ALL: { actions: 'toggleAll' },
        BACK: 'choosing',
        SAVE: { guard: 'hasTicked', target: 'saving' },
      },
    },
    saving: {
      description: 'Waiting for the server to import the ticked holidays',
      tags: 'saving',
      invoke: {
        id: 'importHolidays',
        src: 'importHolidays',
        input: ({ context }: { context: ImportContext }) => ({
          ...importQuery(context.importDraft),
          dates: context.ticked,
        }),
        onDone: {
          target: '#holidays.ready.idle',
          actions: [
            {
              type: 'assignHolidays',
              params: ({ event }: Done<ImportResult>) => ({
                holidays: event.output.holidays,
              }),
            },
            {
              type: 'notifyImported',
              params: ({ event }: Done<ImportResult>) => ({
                added: event.output.added,
              }),
            },
          ],
        },
        onError: {
          target: 'reviewing',
          actions: ASSIGN_ERROR,
        },
      },
    },
  },
} as const;
