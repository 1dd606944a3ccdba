import { assertEvent, assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  hasAnyDay,
  ignoredHours,
  isLocalTimezone,
  scheduleFromApi,
  scheduleToApi,
  type Schedule,
} from '@/domain/business-hours';
import {
  createMailboxHoursActors,
  type MailboxHoursChange,
  type MailboxHoursData,
} from './mailbox-hours.actors';
import { failureMessage, toastSaved } from '../shared/save-toasts';
import {
  editSchedule,
  SCHEDULE_EDIT_TYPES,
  SCHEDULE_EDITS,
  type ScheduleEditEvent,
} from './schedule-edits';

/** Company, Custom and Ignored; the API calls Ignored `Ignore`. */
export type BhsMode = 'Company' | 'Custom' | 'Ignored';

interface MailboxHoursContext {
  email: string;
  mode: BhsMode;
  /** The company's hours, shown in the Company mode. */
  company: Schedule;
  /** The Custom mode's form. */
  custom: Schedule;
  /** Why the last save failed, shown in the modal. */
  error: string | null;
}

export type MailboxHoursEvent =
  { type: 'SET_MODE'; mode: BhsMode } | ScheduleEditEvent | { type: 'SAVE' } | { type: 'RETRY' };

const MAILBOX_HOURS_SAVED = 'Business hours updated';

const NOTHING: Schedule = scheduleFromApi({ business_hours: [], timezone: '' });

/** What keeps the Custom mode from saving; the modal says each one. */
export function customProblems({ custom }: Pick<MailboxHoursContext, 'custom'>) {
  return { noDay: !hasAnyDay(custom.week), noTimezone: !isLocalTimezone(custom.timezone) };
}

function fromData({ mailbox, company }: MailboxHoursData) {
  const companySchedule = scheduleFromApi(company);
  const mode: BhsMode = mailbox.bhs_status === 'Ignore' ? 'Ignored' : mailbox.bhs_status;
  // Custom starts from the mailbox's own hours, else from the company's in a real timezone.
  const custom =
    mode === 'Custom'
      ? scheduleFromApi(mailbox)
      : {
          week: companySchedule.week,
          timezone: isLocalTimezone(company.timezone) ? company.timezone : '',
        };
  return { mode, company: companySchedule, custom };
}

function changeOf(context: MailboxHoursContext): MailboxHoursChange {
  const { email, mode, custom } = context;
  if (mode === 'Company') return { email, mode };
  return { email, mode, hours: mode === 'Ignored' ? ignoredHours() : scheduleToApi(custom) };
}

/**
 * The update business hours modal of one mailbox: Company deletes its
 * override, Custom needs a day and a local timezone, Ignored saves whole days in Madrid.
 */
export function createMailboxHoursMachine(client: ApiClient) {
  return setup({
    types: {
      context: {} as MailboxHoursContext,
      events: {} as MailboxHoursEvent,
      input: {} as { email: string },
    },
    actors: createMailboxHoursActors(client),
    guards: {
      isSavable: ({ context }) => {
        const problems = customProblems(context);
        return context.mode !== 'Custom' || (!problems.noDay && !problems.noTimezone);
      },
    },
    actions: {
      assignData: assign((_, params: { data: MailboxHoursData }) => fromData(params.data)),
      assignMode: assign({
        mode: ({ event }) => {
          assertEvent(event, 'SET_MODE');
          return event.mode;
        },
        error: null,
      }),
      editSchedule: assign({
        custom: ({ context, event }) => {
          assertEvent(event, SCHEDULE_EDIT_TYPES);
          return editSchedule(context.custom, event);
        },
        error: null,
      }),
      assignError: assign((_, params: { error: unknown }) => ({
        error: failureMessage(params.error),
      })),
      notifySaved: () => toastSaved(MAILBOX_HOURS_SAVED),
    },
  }).createMachine({
    id: 'mailboxHours',
    initial: 'loading',
    context: ({ input }) => ({
      email: input.email,
      mode: 'Company',
      company: NOTHING,
      custom: NOTHING,
      error: null,
    }),
    states: {
      loading: {
        invoke: {
          id: 'loadMailboxHours',
          src: 'loadMailboxHours',
          input: ({ context }) => ({ email: context.email }),
          onDone: {
            target: 'editing',
            actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) },
          },
          onError: 'failed',
        },
      },
      failed: {
        on: { RETRY: 'loading' },
      },
      editing: {
        initial: 'checking',
        on: {
          SET_MODE: { target: '.checking', actions: 'assignMode' },
          ...SCHEDULE_EDITS,
        },
        states: {
          checking: {
            always: [{ guard: 'isSavable', target: 'ready' }, { target: 'incomplete' }],
          },
          ready: {
            on: { SAVE: '#mailboxHours.saving' },
          },
          incomplete: {},
        },
      },
      saving: {
        tags: 'saving',
        invoke: {
          id: 'saveMailboxHours',
          src: 'saveMailboxHours',
          input: ({ context }) => changeOf(context),
          onDone: { target: 'saved', actions: 'notifySaved' },
          onError: {
            target: 'editing.ready',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      saved: { type: 'final' },
    },
  });
}

export type MailboxHoursMachine = ReturnType<typeof createMailboxHoursMachine>;
export type MailboxHoursActor = ActorRefFrom<MailboxHoursMachine>;
