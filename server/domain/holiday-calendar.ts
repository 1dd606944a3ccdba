import type HolidaysClass from 'date-holidays';
import { badRequest } from '../http/errors';

// Countries' public holidays from the `date-holidays` package, on the server only (its data is
// about 1 MB, so it never reaches the browser bundle and is loaded on first use, not at start).
// Our "region" is the package's state: the ISO 3166-2 subdivision (ES-MD, US-CA, DE-BY).

type Holidays = HolidaysClass;
let loaded: Promise<typeof HolidaysClass> | null = null;

async function holidaysClass(): Promise<typeof HolidaysClass> {
  loaded ??= import('date-holidays').then((module) => module.default);
  return loaded;
}

interface HolidayRegion {
  code: string;
  name: string;
}

interface HolidayCountry extends HolidayRegion {
  regions: HolidayRegion[];
}

/** One closed date of a country's calendar, as the import preview lists it. */
interface CountryHoliday {
  date: string;
  last_date: string;
  name: string;
  /** Public holidays observed for the whole day; others (bank, from noon) are offered unticked. */
  whole_day_public: boolean;
}

const byName = (a: HolidayRegion, b: HolidayRegion) => a.name.localeCompare(b.name, 'en');
const entries = (names: Record<string, string>): HolidayRegion[] =>
  Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort(byName);

let countryList: Promise<HolidayCountry[]> | null = null;

/** Every country the package knows, in English, each with its regions (often none). */
export function holidayCountries(): Promise<HolidayCountry[]> {
  countryList ??= holidaysClass().then((Class) => {
    const hd = new Class();
    return entries(hd.getCountries('en')).map((country) => ({
      ...country,
      regions: entries(hd.getStates(country.code, 'en') ?? {}),
    }));
  });
  return countryList;
}

/** 400 unless the country, and the region when given, are in the package's calendars. */
export async function checkCountry(country: string, region: string | null): Promise<void> {
  const known = (await holidayCountries()).find((c) => c.code === country);
  if (!known) throw badRequest(`country: ${country} is not a country code we have holidays for.`);
  if (region !== null && !known.regions.some((r) => r.code === region)) {
    const choices = known.regions.map((r) => r.code).join(', ');
    throw badRequest(
      `region: ${region} is not a region of ${known.name}` +
        (choices ? ` (one of ${choices}).` : '; it has no regions.'),
    );
  }
}

const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function toCountryHoliday(holiday: ReturnType<Holidays['getHolidays']>[number]): CountryHoliday {
  const date = holiday.date.slice(0, 10);
  // Whole days: a holiday of n days (23 or 25 hours across a DST change still round to one).
  const days = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS));
  return {
    date,
    last_date: addDays(date, days - 1),
    name: holiday.name,
    whole_day_public: holiday.type === 'public' && holiday.date.slice(11, 19) === '00:00:00',
  };
}

/**
 * The public and bank holidays of a country (and region) over whole years, by date, in English
 * where the package has it; two on one date become one ("A / B"), public-and-whole-day if any is.
 */
export async function countryHolidays(
  country: string,
  region: string | null,
  fromYear: number,
  toYear: number,
): Promise<CountryHoliday[]> {
  const Class = await holidaysClass();
  const hd = region === null ? new Class(country) : new Class(country, region);
  hd.setLanguages('en');
  const byDate = new Map<string, CountryHoliday>();
  for (let year = fromYear; year <= toYear; year += 1) {
    for (const holiday of hd.getHolidays(year)) {
      if (holiday.type !== 'public' && holiday.type !== 'bank') continue;
      const next = toCountryHoliday(holiday);
      const same = byDate.get(next.date);
      byDate.set(
        next.date,
        same
          ? {
              ...same,
              name: same.name === next.name ? same.name : `${same.name} / ${next.name}`,
              last_date: same.last_date > next.last_date ? same.last_date : next.last_date,
              whole_day_public: same.whole_day_public || next.whole_day_public,
            }
          : next,
      );
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The closed dates a country calendar brings: its whole-day public holidays. */
export async function countryClosedDays(
  country: string,
  region: string | null,
  fromYear: number,
  toYear: number,
): Promise<CountryHoliday[]> {
  const all = await countryHolidays(country, region, fromYear, toYear);
  return all.filter((holiday) => holiday.whole_day_public);
}

/** The calendar key of a country choice: `ES`, `ES-MD`. */
export const countryCalendar = (country: string, region: string | null) =>
  region === null ? country : `${country}-${region}`;
