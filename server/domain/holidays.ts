import type { Schemas } from '../contract/types';
import { badRequest } from '../http/errors';
import { checkCountry, countryCalendar, countryHolidays } from './holiday-calendar';

// The rules of company holidays shared by the API and the CLI: a range never ends before it
// starts, an import spans at most ten whole years of a known country (and region), and a date
// already starting a company holiday keeps it.

type Holiday = Schemas['Holiday'];
type Candidate = Schemas['HolidayCandidate'];

const MAX_IMPORT_YEARS = 10;

/** A holiday added by hand, checked: one day when `last_date` is left out. */
export function manualHoliday(input: Schemas['NewHoliday']): Holiday {
  const last = input.last_date ?? input.date;
  if (last < input.date) {
    throw badRequest(`last_date: the range ends on ${last}, before it starts on ${input.date}.`);
  }
  return { date: input.date, last_date: last, name: input.name.trim(), source: 'manual' };
}

interface ImportRequest {
  country: string;
  region: string | null;
  fromYear: number;
  toYear: number;
}

/** 400 unless the years run forward over at most ten years and the country is known. */
async function checkImport({ country, region, fromYear, toYear }: ImportRequest) {
  if (toYear < fromYear) throw badRequest(`to_year: ${toYear} is before from_year ${fromYear}.`);
  if (toYear - fromYear >= MAX_IMPORT_YEARS) {
    throw badRequest(`to_year: import at most ${MAX_IMPORT_YEARS} years at a time.`);
  }
  await checkCountry(country, region);
}

/** The country's holidays in the years, each with the company holiday already on its date. */
export async function importPreview(
  request: ImportRequest,
  existing: readonly Holiday[],
): Promise<Candidate[]> {
  await checkImport(request);
  const byDate = new Map(existing.map((holiday) => [holiday.date, holiday.name]));
  const holidays = await countryHolidays(
    request.country,
    request.region,
    request.fromYear,
    request.toYear,
  );
  return holidays.map(({ whole_day_public, ...holiday }) => ({
    ...holiday,
    suggested: whole_day_public,
    existing: byDate.get(holiday.date) ?? null,
  }));
}

/**
 * The holidays an import adds: the preview's rows starting on `dates` (the suggested ones when
 * null), less those whose date already starts a company holiday. A date the preview does not
 * list is refused, so a ticked row is always the country's holiday.
 */
export async function importedHolidays(
  request: ImportRequest,
  dates: readonly string[] | null,
  existing: readonly Holiday[],
): Promise<Holiday[]> {
  const preview = await importPreview(request, existing);
  const listed = new Set(preview.map((row) => row.date));
  const stray = dates?.find((date) => !listed.has(date));
  if (stray !== undefined) {
    throw badRequest(`dates: ${stray} is not a holiday of ${request.country} in those years.`);
  }
  const wanted = dates === null ? null : new Set(dates);
  const source = countryCalendar(request.country, request.region);
  return preview
    .filter((row) => row.existing === null && (wanted ? wanted.has(row.date) : row.suggested))
    .map(({ date, last_date, name }) => ({ date, last_date, name, source }));
}

/** A mailbox's calendar choice: a country only with `follows: country`, and a known one. */
export async function checkMailboxHolidays(choice: Schemas['MailboxHolidays']): Promise<void> {
  const country = choice.country ?? null;
  const region = choice.region ?? null;
  if (choice.follows !== 'country') {
    if (country !== null || region !== null) {
      throw badRequest(`holidays: a country is given only with follows "country".`);
    }
    return;
  }
  if (country === null) throw badRequest('holidays/country: choose the country to follow.');
  try {
    await checkCountry(country, region);
  } catch (error) {
    if (error instanceof Error) throw badRequest(`holidays/${error.message}`);
    throw error;
  }
}
