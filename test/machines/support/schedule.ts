import type { ScheduleEditEvent } from '../../../src/machines/business-hours/schedule-edits';

const send = (actor: { send: (event: ScheduleEditEvent) => void }, event: ScheduleEditEvent) =>
  actor.send(event);

/** The weekly hours editor's events, sent as they are: both hours machines take them. */
export const scheduleEditExecutors = {
  TOGGLE_DAY: send,
  SET_START: send,
  SET_END: send,
  SET_TIMEZONE: send,
};

/** One edit of each kind: a weekend day, a Monday from 17:00 to the day's end, a local timezone. */
export const scheduleEditEvents: ScheduleEditEvent[] = [
  { type: 'TOGGLE_DAY', day: 'Sat' },
  { type: 'SET_START', day: 'Mon', time: '17:00:00' },
  { type: 'SET_END', day: 'Mon', time: '23:59:59' },
  { type: 'SET_TIMEZONE', timezone: 'Europe/Paris' },
];
