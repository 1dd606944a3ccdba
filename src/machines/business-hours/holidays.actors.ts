import type { Holiday, HolidayCandidate, HolidayCountry, HolidayImport } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

const LIST = '/portal/api/settings/holidays/';

/** A holiday added by hand: one day when `last_date` is null. */
export interface NewHolidayInput {
  date: string;
  last_date: string | null;
  name: string;
}

/** The country, region and years an import previews. */
export type ImportQuery = Omit<HolidayImport, 'dates'>;

export interface ImportResult {
  holidays: Holiday[];
  added: number;
}

/** The company-holiday calls, over the client the app hands the machine. */
export function createHolidaysActors(client: ApiClient) {
  return {
    loadHolidays: fromPromise<Holiday[]>(
      async ({ signal }) => (await expectData(client.GET(LIST, { signal }))).holidays,
    ),
    addHoliday: fromPromise<Holiday[], NewHolidayInput>(
      async ({ input }) => (await expectData(client.POST(LIST, { body: input }))).holidays,
    ),
    removeHoliday: fromPromise<void, { date: string }>(async ({ input }) => {
      const params = { path: { date: input.date } };
      await expectData(client.DELETE('/portal/api/settings/holidays/{date}', { params }));
    }),
    loadCountries: fromPromise<HolidayCountry[]>(
      async ({ signal }) =>
        (await expectData(client.GET('/portal/api/settings/holiday-countries/', { signal })))
          .countries,
    ),
    previewHolidays: fromPromise<HolidayCandidate[], ImportQuery>(async ({ input, signal }) => {
      const { region, ...rest } = input;
      const query = region ? { ...rest, region } : rest;
      const reply = client.GET('/portal/api/settings/holidays/preview', {
        params: { query },
        signal,
      });
      return (await expectData(reply)).holidays;
    }),
    importHolidays: fromPromise<ImportResult, HolidayImport>(({ input }) =>
      expectData(client.POST('/portal/api/settings/holidays/import', { body: input })),
    ),
  };
}
