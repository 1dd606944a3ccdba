import type { HolidayCandidate, HolidayCountry } from '@/api/types';
import type { ImportQuery, NewHolidayInput } from './holidays.actors';

// The forms of the holidays card: a holiday added by hand, and the country import with the
// rows of its preview, each with the rules that keep Save or Preview disabled and say why.

export interface HolidayDraft {
  date: string;
  /** Empty for a single day. */
  lastDate: string;
  name: string;
}

export const EMPTY_HOLIDAY: HolidayDraft = { date: '', lastDate: '', name: '' };

/** A calendar date written YYYY-MM-DD that exists (no 30 February). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** What keeps a hand-added holiday from saving; the dialog says each one. */
export function holidayProblems(draft: HolidayDraft) {
  return {
    noDate: !isCalendarDate(draft.date),
    badRange:
      draft.lastDate !== '' && (!isCalendarDate(draft.lastDate) || draft.lastDate < draft.date),
    noName: draft.name.trim() === '',
  };
}

export const canAddHoliday = (draft: HolidayDraft) =>
  !Object.values(holidayProblems(draft)).some(Boolean);

export function holidayInput(draft: HolidayDraft): NewHolidayInput {
  const last = draft.lastDate === '' || draft.lastDate === draft.date ? null : draft.lastDate;
  return { date: draft.date, last_date: last, name: draft.name.trim() };
}

export interface ImportDraft {
  country: string;
  /** Empty: the whole country. */
  region: string;
  fromYear: number;
  toYear: number;
}

const MAX_IMPORT_YEARS = 10;

export function emptyImport(today: Date): ImportDraft {
  const year = today.getFullYear();
  return { country: '', region: '', fromYear: year, toYear: year + 1 };
}

export function importProblems(draft: ImportDraft) {
  return {
    noCountry: draft.country === '',
    badYears: draft.toYear < draft.fromYear || draft.toYear - draft.fromYear >= MAX_IMPORT_YEARS,
  };
}

export const canPreview = (draft: ImportDraft) =>
  !Object.values(importProblems(draft)).some(Boolean);

export function importQuery(draft: ImportDraft): ImportQuery {
  return {
    country: draft.country,
    region: draft.region === '' ? null : draft.region,
    from_year: draft.fromYear,
    to_year: draft.toYear,
  };
}

/** The regions of the chosen country (none for most). */
export const regionsOf = (countries: readonly HolidayCountry[], code: string) =>
  countries.find((country) => country.code === code)?.regions ?? [];

/** The rows ticked at first: suggested ones whose date no company holiday takes yet. */
export const initiallyTicked = (rows: readonly HolidayCandidate[]): string[] =>
  rows.filter((row) => row.suggested && row.existing === null).map((row) => row.date);

/** The rows that can be ticked: those whose date is still free. */
export const tickable = (rows: readonly HolidayCandidate[]): string[] =>
  rows.filter((row) => row.existing === null).map((row) => row.date);

export function toggleDate(ticked: readonly string[], date: string): string[] {
  return ticked.includes(date) ? ticked.filter((d) => d !== date) : [...ticked, date];
}
