import type { BusinessHours } from '@/api/types';
import { assertEvent, assign, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  sameSchedule,
  scheduleFromApi,
  scheduleToApi,
  type Schedule,
} from '@/domain/business-hours';
import { createCompanyHoursActors } from './company-hours.actors';
import {
  editSchedule,
  SCHEDULE_EDIT_TYPES,
  SCHEDULE_EDITS,
  type ScheduleEditEvent,
} from './schedule-edits';
import { toastSaved, toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

interface CompanyHoursContext {
  /** What the server holds (no days and no timezone until loaded). */
  saved: Schedule;
  /** What the form shows. */
  draft: Schedule;
}

const NOTHING: Schedule = scheduleFromApi({ business_hours: [], timezone: '' });

export type CompanyHoursEvent = ScheduleEditEvent | { type: 'SAVE' } | { type: 'RETRY' };

const COMPANY_HOURS_SAVED = 'Business hours saved';
const COMPANY_HOURS_NOT_SAVED = "We couldn't save your business hours";

/**
 * The company's weekly hours and timezone. Save is possible only in
 * `editing.changed`: the draft differs from what the server holds.
 */
export function createCompanyHoursMachine(client: ApiClient) {
  const companyHoursSetup = setup({
    types: { context: {} as CompanyHoursContext, events: {} as CompanyHoursEvent },
    actors: createCompanyHoursActors(client),
    guards: {
      isChanged: ({ context }) => !sameSchedule(context.saved, context.draft),
    },
    actions: {
      assignSaved: assign((_, params: { hours: BusinessHours }) => {
        const schedule = scheduleFromApi(params.hours);
        return { saved: schedule, draft: schedule };
      }),
      editSchedule: assign({
        draft: ({ context, event }) => {
          assertEvent(event, SCHEDULE_EDIT_TYPES);
          return editSchedule(context.draft, event);
        },
      }),
      notifySaved: () => toastSaved(COMPANY_HOURS_SAVED),
      notifySaveFailed: (_, params: { error: unknown }) =>
        toastFailed(COMPANY_HOURS_NOT_SAVED, params.error),
    },
  });
  return companyHoursSetup.createMachine({
    id: 'companyHours',
    description:
      "The company's business hours: the weekly opening times and timezone that response times are measured in.",
    meta: describeNamed(companyHoursSetup, {
      guards: {
        isChanged: 'The form differs from the hours the server holds',
      },
      actions: {
        assignSaved: 'Keeps the hours the server holds and resets the form to them',
        editSchedule: "Applies the user's change to a day, a time or the timezone in the form",
        notifySaved: 'Says Business hours saved',
        notifySaveFailed: 'Says the business hours could not be saved, and why',
      },
    }),
    initial: 'loading',
    context: { saved: NOTHING, draft: NOTHING },
    states: {
      loading: {
        description: "Loading the company's weekly hours and timezone",
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
        description: 'The hours could not be loaded; the page offers a retry',
        on: { RETRY: 'loading' },
      },
      editing: {
        description: "The weekly hours form, with the company's days, times and timezone",
        initial: 'checking',
        on: SCHEDULE_EDITS,
        states: {
          checking: {
            description: 'Comparing the form with what is saved',
            always: [{ guard: 'isChanged', target: 'changed' }, { target: 'unchanged' }],
          },
          unchanged: {
            description: 'The form matches what is saved, so Save is disabled',
          },
          changed: {
            description: 'The form differs from what is saved; Save is enabled',
            on: { SAVE: '#companyHours.saving' },
          },
        },
      },
      saving: {
        description: 'Waiting for the server to save the new hours',
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
}

export type CompanyHoursMachine = ReturnType<typeof createCompanyHoursMachine>;
