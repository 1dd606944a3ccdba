import { assertEvent, assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { HolidayCountry, MailboxHolidays } from '@/api/types';
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
import { describeNamed } from '../shared/describe-named';

/** Company, Custom and Ignored; the API calls Ignored `Ignore`. */
export type BhsMode = 'Company' | 'Custom' | 'Ignored';

interface MailboxHoursContext {
  email: string;
  mode: BhsMode;
  /** The company's hours, shown in the Company mode. */
  company: Schedule;
  /** The Custom mode's form. */
  custom: Schedule;
  /** The holidays Custom hours follow (Company hours follow the company's, Ignored none). */
  holidays: MailboxHolidays;
  countries: HolidayCountry[];
  /** Why the last save failed, shown in the modal. */
  error: string | null;
}

export type MailboxHoursEvent =
  | { type: 'SET_MODE'; mode: BhsMode }
  | { type: 'SET_HOLIDAYS'; holidays: Partial<MailboxHolidays> }
  | ScheduleEditEvent
  | { type: 'SAVE' }
  | { type: 'RETRY' };

const MAILBOX_HOURS_SAVED = 'Business hours updated';

const NOTHING: Schedule = scheduleFromApi({ business_hours: [], timezone: '' });

const COMPANY_HOLIDAYS: MailboxHolidays = { follows: 'company', country: null, region: null };

/** What keeps the Custom mode from saving; the modal says each one. */
export function customProblems({
  custom,
  holidays,
}: Pick<MailboxHoursContext, 'custom' | 'holidays'>) {
  return {
    noDay: !hasAnyDay(custom.week),
    noTimezone: !isLocalTimezone(custom.timezone),
    noCountry: holidays.follows === 'country' && !holidays.country,
  };
}

/** A choice of follows drops the country unless it is a country's; a new country drops the region. */
function editHolidays(current: MailboxHolidays, patch: Partial<MailboxHolidays>): MailboxHolidays {
  const next = { ...current, ...patch };
  if (patch.country !== undefined && patch.country !== current.country) next.region = null;
  return next.follows === 'country' ? next : { ...next, country: null, region: null };
}

function fromData({ mailbox, company, countries }: MailboxHoursData) {
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
  const holidays = mode === 'Custom' ? mailbox.holidays : COMPANY_HOLIDAYS;
  return { mode, company: companySchedule, custom, holidays, countries };
}

function changeOf(context: MailboxHoursContext): MailboxHoursChange {
  const { email, mode, custom, holidays } = context;
  if (mode === 'Company') return { email, mode };
  if (mode === 'Ignored') return { email, mode, hours: ignoredHours() };
  return { email, mode, hours: scheduleToApi(custom), holidays };
}

/**
 * The update business hours modal of one mailbox: Company deletes its
 * override, Custom needs a day and a local timezone, Ignored saves whole days in Madrid.
 */
export function createMailboxHoursMachine(client: ApiClient) {
  const mailboxHoursSetup = setup({
    types: {
      context: {} as MailboxHoursContext,
      events: {} as MailboxHoursEvent,
      input: {} as { email: string },
    },
    actors: createMailboxHoursActors(client),
    guards: {
      isSavable: ({ context }) => {
        const problems = customProblems(context);
        return context.mode !== 'Custom' || !Object.values(problems).some(Boolean);
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
      assignHolidays: assign({
        holidays: ({ context, event }) => {
          assertEvent(event, 'SET_HOLIDAYS');
          return editHolidays(context.holidays, event.holidays);
        },
        error: null,
      }),
      assignError: assign((_, params: { error: unknown }) => ({
        error: failureMessage(params.error),
      })),
      notifySaved: () => toastSaved(MAILBOX_HOURS_SAVED),
    },
  });
  return mailboxHoursSetup.createMachine({
    id: 'mailboxHours',
    description:
      "One mailbox's update business hours modal: follow the company's hours, set custom hours and holidays, or ignore business hours.",
    meta: describeNamed(mailboxHoursSetup, {
      guards: {
        isSavable:
          "Company or Ignored is chosen, or Custom has a day, a local timezone and, when it follows a country's holidays, the country",
      },
      actions: {
        assignData:
          "Fills the form from the mailbox's saved mode (Custom starts from the company's hours when it had none)",
        assignMode: 'Switches between Company, Custom and Ignored and clears the last error',
        editSchedule:
          "Applies the user's change to a day, a time or the timezone of the custom hours",
        assignHolidays:
          'Sets which holidays the custom hours follow (a new country drops the region)',
        assignError: 'Shows in the modal why the save failed',
        notifySaved: "Says the mailbox's business hours are saved",
      },
    }),
    initial: 'loading',
    context: ({ input }) => ({
      email: input.email,
      mode: 'Company',
      company: NOTHING,
      custom: NOTHING,
      holidays: COMPANY_HOLIDAYS,
      countries: [],
      error: null,
    }),
    states: {
      loading: {
        description: "Loading the mailbox's hours, the company's hours and the holiday countries",
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
        description: 'The hours could not be loaded; the modal offers a retry',
        on: { RETRY: 'loading' },
      },
      editing: {
        description:
          "The modal's form: Company, Custom or Ignored, with Custom's days, timezone and holidays",
        initial: 'checking',
        on: {
          SET_MODE: { target: '.checking', actions: 'assignMode' },
          SET_HOLIDAYS: { target: '.checking', actions: 'assignHolidays' },
          ...SCHEDULE_EDITS,
        },
        states: {
          checking: {
            description: 'Checking whether the chosen mode can be saved',
            always: [{ guard: 'isSavable', target: 'ready' }, { target: 'incomplete' }],
          },
          ready: {
            description: 'The choice can be saved; Save is enabled',
            on: { SAVE: '#mailboxHours.saving' },
          },
          incomplete: {
            description:
              'Custom lacks a day, a local timezone or a holiday country; Save is disabled and the modal says which',
          },
        },
      },
      saving: {
        description: "Waiting for the server to save the mailbox's hours",
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
      saved: {
        description: 'Saved; the modal closes and the mailboxes list reloads',
        type: 'final',
      },
    },
  });
}

export type MailboxHoursMachine = ReturnType<typeof createMailboxHoursMachine>;
export type MailboxHoursActor = ActorRefFrom<MailboxHoursMachine>;
