import type { Schemas } from '../contract/types';
import { badRequest } from '../http/errors';
import { isIgnoreHours, WEEKDAYS, type Weekday } from '../../common/business-hours';

export type BusinessHoursEntry = Schemas['BusinessHoursEntry'];
type BhsStatus = Schemas['BhsStatus'];

// ICU's list of canonical names, plus UTC. The contract asks for IANA names with underscores for
// spaces (`America/New_York`).
const TIMEZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
// Node 20's ICU lists older spellings (Asia/Calcutta) while browsers offer the current ones
// (Asia/Kolkata): a name of IANA shape that ICU resolves is accepted too.
const IANA_SHAPE = /^[A-Z][A-Za-z]*(?:\/[A-Z][A-Za-z0-9_+-]*)+$/;

function icuKnows(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const isTimezone = (value: string) =>
  TIMEZONES.has(value) || (IANA_SHAPE.test(value) && icuKnows(value));

/** Entries ordered Monday to Sunday, as every reply lists them. */
export function sortByWeekday(entries: readonly BusinessHoursEntry[]): BusinessHoursEntry[] {
  return [...entries].sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday));
}

/** Ignore is the mailbox's own hours covering every day, 00:00:00–23:59:59; anything else is Custom. */
export function ownHoursStatus(entries: readonly BusinessHoursEntry[]): BhsStatus {
  return isIgnoreHours(entries) ? 'Ignore' : 'Custom';
}

/**
 * Checks what the contract cannot: one entry per weekday, each starting before it ends, and a real
 * IANA timezone. HH:MM:SS strings of the contract's pattern compare correctly as text.
 */
export function checkBusinessHours(hours: Schemas['BusinessHours']): void {
  const seen = new Set<Weekday>();
  for (const entry of hours.business_hours) {
    if (seen.has(entry.weekday)) throw badRequest(`${entry.weekday} is listed more than once.`);
    seen.add(entry.weekday);
    if (entry.start_time >= entry.end_time) {
      throw badRequest(`On ${entry.weekday} the start time must be before the end time.`);
    }
  }
  if (!isTimezone(hours.timezone)) {
    throw badRequest(
      `${hours.timezone} is not a known timezone; use an IANA name such as America/New_York.`,
    );
  }
}

/** A mailbox's own hours (the specification's validation rules): at least one day, and a timezone that is not UTC. */
export function checkMailboxBusinessHours(hours: Schemas['BusinessHours']): void {
  checkBusinessHours(hours);
  if (hours.business_hours.length === 0)
    throw badRequest('Choose at least one day with business hours.');
  if (hours.timezone === 'UTC')
    throw badRequest('Choose a timezone other than UTC for these business hours.');
}
