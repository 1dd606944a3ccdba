import type { Holiday, HolidayCandidate, HolidayCountry } from '../../src/api/types';
import { describe } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiFailure } from '../../src/api/errors';
import type {
  ImportQuery,
  ImportResult,
  NewHolidayInput,
} from '../../src/machines/business-hours/holidays.actors';
import { canAddHoliday } from '../../src/machines/business-hours/holidays.draft';
import {
  createHolidaysMachine,
  type HolidaysEvent,
} from '../../src/machines/business-hours/holidays.machine';
import { describePathTests, sendEvent, startWithStandIns, type Executors } from './support/paths';

const machine = createHolidaysMachine({} as ApiClient, () => new Date('2026-11-25T12:00:00Z'));

const CHRISTMAS: Holiday = {
  date: '2026-12-25',
  last_date: '2026-12-25',
  name: 'Christmas Day',
  source: 'ES',
};
const COUNTRIES: HolidayCountry[] = [{ code: 'ES', name: 'Spain', regions: [] }];
const ROWS: HolidayCandidate[] = [
  {
    date: '2026-01-06',
    last_date: '2026-01-06',
    name: 'Epiphany',
    suggested: true,
    existing: null,
  },
];
const refused = new ApiFailure({ kind: 'invalid', message: 'date: already taken' });

const start = startWithStandIns((actors) =>
  machine.provide({
    actors: {
      loadHolidays: actors.promise<Holiday[]>('loadHolidays'),
      addHoliday: actors.promise<Holiday[], NewHolidayInput>('addHoliday'),
      removeHoliday: actors.promise<void, { date: string }>('removeHoliday'),
      loadCountries: actors.promise<HolidayCountry[]>('loadCountries'),
      previewHolidays: actors.promise<HolidayCandidate[], ImportQuery>('previewHolidays'),
      importHolidays: actors.promise<ImportResult, ImportQuery>('importHolidays'),
    },
    actions: { notifyAdded: () => undefined, notifyImported: () => undefined },
  }),
);

const executors = {
  RETRY: sendEvent,
  ADD: sendEvent,
  IMPORT: sendEvent,
  CLOSE: sendEvent,
  EDIT_HOLIDAY: sendEvent,
  EDIT_IMPORT: sendEvent,
  PREVIEW: sendEvent,
  BACK: sendEvent,
  TOGGLE_ROW: sendEvent,
  TOGGLE_ALL: sendEvent,
  SAVE: sendEvent,
  REMOVE: sendEvent,
} satisfies Executors<ReturnType<typeof start>['actor'], HolidaysEvent>;

const done = (id: string, output?: unknown) => ({
  type: `xstate.done.actor.${id}` as const,
  output,
});
const error = (id: string) => ({ type: `xstate.error.actor.${id}` as const, error: refused });

describe('holidays machine paths', () => {
  describePathTests({
    machine,
    events: [
      { type: 'RETRY' },
      { type: 'ADD' },
      { type: 'IMPORT' },
      { type: 'CLOSE' },
      { type: 'EDIT_HOLIDAY', patch: { date: '2026-12-24', name: 'Christmas Eve' } },
      { type: 'EDIT_HOLIDAY', patch: { name: '' } },
      { type: 'EDIT_IMPORT', patch: { country: 'ES' } },
      { type: 'PREVIEW' },
      { type: 'BACK' },
      { type: 'TOGGLE_ROW', date: '2026-01-06' },
      { type: 'TOGGLE_ALL' },
      { type: 'SAVE' },
      { type: 'REMOVE', date: '2026-12-25' },
      done('loadHolidays', [CHRISTMAS]),
      error('loadHolidays'),
      done('addHoliday', [CHRISTMAS]),
      error('addHoliday'),
      done('removeHoliday', undefined),
      error('removeHoliday'),
      done('loadCountries', COUNTRIES),
      error('loadCountries'),
      done('previewHolidays', ROWS),
      error('previewHolidays'),
      done('importHolidays', { holidays: [CHRISTMAS], added: 1 }),
      error('importHolidays'),
    ],
    label: (event) => {
      if ('patch' in event) return `${event.type} ${JSON.stringify(event.patch)}`;
      if ('date' in event) return `${event.type} ${String(event.date)}`;
      return event.type.replace(/^xstate\.(done|error)\.actor\./, '$1 ');
    },
    contextKey: (context) => ({
      draft: canAddHoliday(context.draft),
      country: context.importDraft.country !== '',
      ticked: context.ticked.length > 0,
      countries: context.countries !== null,
    }),
    start,
    executors,
  });
});
