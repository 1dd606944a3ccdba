import type { Weekday } from '@common/business-hours';
import { setEnd, setStart, toggleDay, type Schedule } from '@/domain/business-hours';

/** The weekly hours editor's events, shared by the company's hours and a mailbox's Custom hours. */
export type ScheduleEditEvent =
  | { type: 'TOGGLE_DAY'; day: Weekday }
  | { type: 'SET_START'; day: Weekday; time: string }
  | { type: 'SET_END'; day: Weekday; time: string }
  | { type: 'SET_TIMEZONE'; timezone: string };

export const SCHEDULE_EDIT_TYPES = [
  'TOGGLE_DAY',
  'SET_START',
  'SET_END',
  'SET_TIMEZONE',
] as const satisfies readonly ScheduleEditEvent['type'][];

const EDIT = { target: '.checking', actions: 'editSchedule' } as const;

/** The editing state's transitions: each edit goes through the machine's `editSchedule`, then its checks. */
export const SCHEDULE_EDITS = {
  TOGGLE_DAY: EDIT,
  SET_START: EDIT,
  SET_END: EDIT,
  SET_TIMEZONE: EDIT,
} as const;

export function editSchedule(schedule: Schedule, event: ScheduleEditEvent): Schedule {
  switch (event.type) {
    case 'TOGGLE_DAY':
      return { ...schedule, week: toggleDay(schedule.week, event.day) };
    case 'SET_START':
      return { ...schedule, week: setStart(schedule.week, event.day, event.time) };
    case 'SET_END':
      return { ...schedule, week: setEnd(schedule.week, event.day, event.time) };
    case 'SET_TIMEZONE':
      return { ...schedule, timezone: event.timezone };
  }
}
