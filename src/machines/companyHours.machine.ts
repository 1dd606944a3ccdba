import { assertEvent, assign, setup, type ActorRefFrom } from 'xstate';
import { api } from '../api/client';
import {
  sameSchedule,
  scheduleFromApi,
  scheduleToApi,
  setEnd,
  setStart,
  toggleDay,
  type BusinessHours,
  type Schedule,
  type Weekday,
} from '../domain/business-hours';
import { createCompanyHoursActors } from './companyHours.actors';
import { toastSaved, toastSaveFailed } from './save-toasts';

export interface CompanyHoursContext {
  /** What the server holds (no days and no timezone until loaded). */
  saved: Schedule;
  /** What the form shows. */
  draft: Schedule;
}

const NOTHING: Schedule = scheduleFromApi({ business_hours: [], timezone: '' });

export type CompanyHoursEvent =
  | { type: 'TOGGLE_DAY'; day: Weekday }
  | { type: 'SET_START'; day: Weekday; time: string }
  | { type: 'SET_END'; day: Weekday; time: string }
  | { type: 'SET_TIMEZONE'; timezone: string }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export const COMPANY_HOURS_SAVED = 'Business hours saved';
export const COMPANY_HOURS_NOT_SAVED = "We couldn't save your business hours";

const EDIT = { target: '.checking', actions: 'editDraft' } as const;

/**
 * The company's weekly hours and timezone (spec 001 §2.2). Save is possible only in
 * `editing.changed`: the draft differs from what the server holds (§4.2).
 */
export const companyHoursMachine = setup({
  types: { context: {} as CompanyHoursContext, events: {} as CompanyHoursEvent },
  actors: createCompanyHoursActors(api),
  guards: {
    isChanged: ({ context }) => !sameSchedule(context.saved, context.draft),
  },
  actions: {
    assignSaved: assign((_, params: { hours: BusinessHours }) => {
      const schedule = scheduleFromApi(params.hours);
      return { saved: schedule, draft: schedule };
    }),
    editDraft: assign({
      draft: ({ context: { draft }, event }) => {
        assertEvent(event, ['TOGGLE_DAY', 'SET_START', 'SET_END', 'SET_TIMEZONE']);
        switch (event.type) {
          case 'TOGGLE_DAY':
            return { ...draft, week: toggleDay(draft.week, event.day) };
          case 'SET_START':
            return { ...draft, week: setStart(draft.week, event.day, event.time) };
          case 'SET_END':
            return { ...draft, week: setEnd(draft.week, event.day, event.time) };
          case 'SET_TIMEZONE':
            return { ...draft, timezone: event.timezone };
        }
      },
    }),
    notifySaved: () => toastSaved(COMPANY_HOURS_SAVED),
    notifySaveFailed: (_, params: { error: unknown }) =>
      toastSaveFailed(COMPANY_HOURS_NOT_SAVED, params.error),
  },
}).createMachine({
  id: 'companyHours',
  initial: 'loading',
  context: { saved: NOTHING, draft: NOTHING },
  states: {
    loading: {
      invoke: {
        id: 'loadCompanyHours',
        src: 'loadCompanyHours',
        onDone: {
          target: 'editing',
          actions: { type: 'assignSaved', params: ({ event }) => ({ hours: event.output }) },
        },
        onError: 'failed',
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      initial: 'checking',
      on: { TOGGLE_DAY: EDIT, SET_START: EDIT, SET_END: EDIT, SET_TIMEZONE: EDIT },
      states: {
        checking: {
          always: [{ guard: 'isChanged', target: 'changed' }, { target: 'unchanged' }],
        },
        unchanged: {},
        changed: {
          on: { SAVE: '#companyHours.saving' },
        },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveCompanyHours',
        src: 'saveCompanyHours',
        input: ({ context }) => scheduleToApi(context.draft),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ hours: event.output }) },
            'notifySaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'notifySaveFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type CompanyHoursMachine = typeof companyHoursMachine;
export type CompanyHoursActor = ActorRefFrom<CompanyHoursMachine>;
