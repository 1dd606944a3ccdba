/**
 * Weekly business hours as the forms edit them (spec 001 §4.2, §5, §9): one row per weekday,
 * times in 30-minute steps, a default day of 09:00–17:30, and the conversions to and from the
 * API's `{ weekday, start_time, end_time }` entries (HH:MM:SS).
 */
import type { BusinessHours } from '@/api/types';
import { END_OF_DAY, START_OF_DAY, WEEKDAYS, type Weekday } from '@common/business-hours';

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

export const DEFAULT_START = '09:00:00';
export const DEFAULT_END = '17:30:00';
/** The timezone the Ignored mode saves with. */
export const IGNORED_TIMEZONE = 'Europe/Madrid';

const pad = (value: number) => String(value).padStart(2, '0');

/** 00:00:00, 00:30:00 … 23:30:00. */
export const TIME_SLOTS: readonly string[] = Array.from(
  { length: 48 },
  (_, index) => `${pad(Math.floor(index / 2))}:${index % 2 === 0 ? '00' : '30'}:00`,
);

/** An end must follow its start, so 00:00 is no end; the end of the day lets 23:30 start one. */
export const END_SLOTS: readonly string[] = [...TIME_SLOTS.slice(1), END_OF_DAY];

/** `09:30:00` → `09:30`. HH:MM:SS strings compare correctly as text. */
export const formatTime = (time: string) => time.slice(0, 5);

/** The first end choice after `time`: where the end moves when a start reaches it. */
export const nextSlot = (time: string) => END_SLOTS.find((slot) => slot > time) ?? END_OF_DAY;

export interface DayHours {
  enabled: boolean;
  start: string;
  end: string;
}

export type WeekHours = Record<Weekday, DayHours>;

/** A week and its timezone: what both business-hours forms edit. */
export interface Schedule {
  week: WeekHours;
  timezone: string;
}

const defaultDay = (enabled: boolean): DayHours => ({
  enabled,
  start: DEFAULT_START,
  end: DEFAULT_END,
});

export function scheduleFromApi(hours: BusinessHours): Schedule {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, defaultDay(false)])) as WeekHours;
  for (const entry of hours.business_hours) {
    week[entry.weekday] = { enabled: true, start: entry.start_time, end: entry.end_time };
  }
  return { week, timezone: hours.timezone };
}

export function scheduleToApi({ week, timezone }: Schedule): BusinessHours {
  return {
    business_hours: WEEKDAYS.filter((day) => week[day].enabled).map((day) => ({
      weekday: day,
      start_time: week[day].start,
      end_time: week[day].end,
    })),
    timezone,
  };
}

/** Every day from the first to the last second, in Madrid: the Ignored mode. */
export const ignoredHours = (): BusinessHours => ({
  business_hours: WEEKDAYS.map((day) => ({
    weekday: day,
    start_time: START_OF_DAY,
    end_time: END_OF_DAY,
  })),
  timezone: IGNORED_TIMEZONE,
});

/** A day switched on starts as 09:00–17:30; switched off it keeps nothing worth sending. */
export function toggleDay(week: WeekHours, day: Weekday): WeekHours {
  return { ...week, [day]: defaultDay(!week[day].enabled) };
}

/** A start not before the end moves the end to the next slot. */
export function setStart(week: WeekHours, day: Weekday, start: string): WeekHours {
  const { end } = week[day];
  return { ...week, [day]: { ...week[day], start, end: start < end ? end : nextSlot(start) } };
}

export function setEnd(week: WeekHours, day: Weekday, end: string): WeekHours {
  return { ...week, [day]: { ...week[day], end } };
}

export const hasAnyDay = (week: WeekHours) => WEEKDAYS.some((day) => week[day].enabled);

/** Same days, times and timezone; the times of days that are off do not count. */
export function sameSchedule(a: Schedule, b: Schedule): boolean {
  return JSON.stringify(scheduleToApi(a)) === JSON.stringify(scheduleToApi(b));
}

/** A mailbox's own hours need a real local timezone: neither empty nor UTC. */
export const isLocalTimezone = (timezone: string) => timezone !== '' && timezone !== 'UTC';

/** `America/New_York` → `America/New York`; the value sent keeps its underscores. */
export const timezoneLabel = (timezone: string) => timezone.replaceAll('_', ' ');

/** UTC and the IANA names the browser knows, plus the current value if they lack it. */
export function timezoneChoices(current: string): string[] {
  const known = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return current === '' || known.includes(current) ? known : [current, ...known];
}
