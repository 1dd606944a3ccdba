import type { components } from '../openapi/portal.gen';

// The week as the contract spells it, and the one rule both sides apply to a mailbox's hours.

type Schemas = components['schemas'];
export type Weekday = Schemas['Weekday'];
type BusinessHoursEntry = Schemas['BusinessHoursEntry'];

export const WEEKDAYS: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const START_OF_DAY = '00:00:00';
export const END_OF_DAY = '23:59:59';

/**
 * "All seven days 00:00:00–23:59:59 is Ignore, anything else Custom": true when every weekday
 * has an entry that runs from the first to the last second.
 */
export function isIgnoreHours(entries: readonly BusinessHoursEntry[]): boolean {
  const wholeDays = new Set(
    entries
      .filter((entry) => entry.start_time === START_OF_DAY && entry.end_time === END_OF_DAY)
      .map((entry) => entry.weekday),
  );
  return WEEKDAYS.every((day) => wholeDays.has(day));
}
