import type { Holiday, HolidayCandidate, HolidayCountry } from '../../../src/api/types';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import type {
  ImportQuery,
  ImportResult,
  NewHolidayInput,
} from '../../../src/machines/business-hours/holidays.actors';
import { createHolidaysMachine } from '../../../src/machines/business-hours/holidays.machine';
import { offlineClient } from '../../support/offline-client';

// The company holidays machine as its transition tests drive it
// (holidays.add-remove.transitions.test.ts, holidays.import.transitions.test.ts).

export const holidays = createHolidaysMachine(offlineClient);

export const CHRISTMAS: Holiday = {
  date: '2026-12-25',
  last_date: '2026-12-25',
  name: 'Christmas Day',
  source: 'manual',
};
export const COUNTRIES: HolidayCountry[] = [
  { code: 'DE', name: 'Germany', regions: [{ code: 'BY', name: 'Bavaria' }] },
  { code: 'ES', name: 'Spain', regions: [] },
];
const row = (date: string, name: string, suggested = true, existing: string | null = null) =>
  ({ date, last_date: date, name, suggested, existing }) satisfies HolidayCandidate;
const PREVIEW = [
  row('2027-01-01', 'New Year'),
  row('2027-01-06', 'Epiphany'),
  row('2026-12-24', 'Christmas Eve', false),
  row('2026-12-25', 'Christmas Day', true, 'Christmas Day'),
];

interface Calls {
  added: NewHolidayInput[];
  previewed: ImportQuery[];
  imported: (ImportQuery & { dates?: string[] })[];
  removed: string[];
  notices: string[];
  countryLoads: number;
}

/** The machine on 25 November 2026 with its calls and notices recorded; Christmas is listed. */
export function startHolidays(options: { failAdd?: boolean; failRemove?: boolean } = {}) {
  const calls: Calls = {
    added: [],
    previewed: [],
    imported: [],
    removed: [],
    notices: [],
    countryLoads: 0,
  };
  const machine = createHolidaysMachine(offlineClient, () => new Date('2026-11-25T12:00:00Z'));
  const provided = machine.provide({
    actors: {
      loadHolidays: fromPromise<Holiday[]>(() => Promise.resolve([CHRISTMAS])),
      addHoliday: fromPromise<Holiday[], NewHolidayInput>(({ input }) => {
        calls.added.push(input);
        if (options.failAdd) {
          const message = 'date: Christmas Day already starts on 2026-12-25; remove it first.';
          return Promise.reject(new ApiFailure({ kind: 'invalid', message }));
        }
        return Promise.resolve([
          { ...CHRISTMAS, ...input, last_date: input.last_date ?? input.date },
        ]);
      }),
      removeHoliday: fromPromise<void, { date: string }>(({ input }) => {
        calls.removed.push(input.date);
        if (options.failRemove)
          return Promise.reject(new ApiFailure({ kind: 'network', message: 'offline' }));
        return Promise.resolve();
      }),
      loadCountries: fromPromise<HolidayCountry[]>(() => {
        calls.countryLoads++;
        return Promise.resolve(COUNTRIES);
      }),
      previewHolidays: fromPromise<HolidayCandidate[], ImportQuery>(({ input }) => {
        calls.previewed.push(input);
        return Promise.resolve(PREVIEW);
      }),
      importHolidays: fromPromise<ImportResult, ImportQuery & { dates?: string[] }>(({ input }) => {
        calls.imported.push(input);
        return Promise.resolve({ holidays: [CHRISTMAS], added: input.dates?.length ?? 0 });
      }),
    },
    actions: {
      notifyAdded: () => calls.notices.push('added'),
      notifyImported: (_, params: { added: number }) =>
        calls.notices.push(`imported ${params.added}`),
      notifyRemoved: () => calls.notices.push('removed'),
      notifyRemoveFailed: () => calls.notices.push('remove failed'),
    },
  });
  const actor = createActor(provided).start();
  return { actor, calls };
}

export type HolidaysActor = ReturnType<typeof startHolidays>['actor'];
export const idle = (actor: HolidaysActor) => waitFor(actor, (s) => s.matches({ ready: 'idle' }));
