import type { ReportChoices, ReportList, ReportQueued, ReportSubscription } from '@/api/types';
import { assign, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { toast } from '@/stores/toast-store';
import { listLoadStates, listRegion } from '../shared/list-tab.states';
import {
  createModalSaveMachine,
  createRemoveMachine,
  type ModalSavedEvent,
} from '../shared/modal-save.machine';
import { failureMessage } from '../shared/save-toasts';
import { tableMachine } from '../shared/table.machine';
import { createReportsActors, type Recipient, type RemoveReportsDraft } from './reports.actors';
import {
  canSubmitReport,
  draftOf,
  EMPTY_REPORT_DRAFT,
  newReportDraft,
  type ReportDraft,
} from './reports.draft';
import { reportRow, reportSavedToast, reportSentToast, reportsRemovedToast } from './reports.rows';

export interface ReportsInput {
  /** The list loaded at sign-in (admins), shown at once while a fresh one loads. */
  seed: ReportList | null;
  features: Features;
  /** The signed-in user. */
  self: Recipient;
  /** Whom the caller may subscribe: every user for an admin's tab, themself otherwise. */
  recipients: Recipient[];
}

interface ReportsContext {
  reports: ReportList;
  seeded: boolean;
  features: Features;
  self: Recipient;
  recipients: Recipient[];
  /** Whose narrowing choices are loaded (or loading) for the editor. */
  choicesFor: string;
  choices: ReportChoices | null;
  /** The subscription a copy is being sent of. */
  sending: ReportSubscription | null;
}

export type ReportsEvent =
  | { type: 'RETRY' }
  | { type: 'CREATE' }
  | { type: 'EDIT'; subscription: ReportSubscription }
  /** A new recipient in the editor: its draft (narrowing cleared) and their choices. */
  | { type: 'CHOOSE_RECIPIENT'; draft: ReportDraft }
  | { type: 'RETRY_CHOICES' }
  | { type: 'REMOVE'; subscriptions: ReportSubscription[] }
  | { type: 'SEND_NOW'; subscription: ReportSubscription }
  /** The dashboard's "Email me a report" panel. */
  | { type: 'OPEN_PANEL' }
  | { type: 'CLOSE_PANEL' }
  | ModalSavedEvent;

/** The signed-in user's own subscriptions (an admin's list holds everyone's). */
export const ownReports = (context: Pick<ReportsContext, 'reports' | 'self'>) =>
  context.reports.subscriptions.filter(
    (s) => s.email.toLowerCase() === context.self.email.toLowerCase(),
  );

const EMPTY_LIST: ReportList = { subscriptions: [], email_delivery: true, max_per_user: 10 };

/** Opening the editor loads its recipient's choices, from any state of the choices region. */
const openingEditor = {
  target: '#reports.ready.choices.loading',
  reenter: true,
  actions: { type: 'openEditor', params: ({ event }: { event: ReportsEvent }) => ({ event }) },
} as const;

/** The reports' modals over the client; tests stand in their save calls. */
export function createReportsModals(client: ApiClient) {
  const actors = createReportsActors(client);
  return {
    editor: createModalSaveMachine({
      id: 'reportEditor',
      emptyDraft: EMPTY_REPORT_DRAFT,
      save: actors.saveReport,
      canSubmit: canSubmitReport,
      successToast: (draft) => reportSavedToast(draft.id === null),
    }),
    remover: createRemoveMachine({
      id: 'removeReports',
      emptyDraft: { ids: [], names: [] } satisfies RemoveReportsDraft,
      save: actors.removeReports,
      successToast: reportsRemovedToast,
    }),
  };
}

/**
 * The reports of the Settings tab (every subscription, for an admin) and of the dashboard's
 * "Email me a report" panel (one's own): the list, its table, the editor and remove modals, the
 * editor's recipient's choices, and "Send me one now".
 */
export function createReportsMachine(client: ApiClient) {
  const actors = createReportsActors(client);
  const choicesOn = {
    CREATE: openingEditor,
    EDIT: openingEditor,
    CHOOSE_RECIPIENT: openingEditor,
  };
  return setup({
    types: {
      context: {} as ReportsContext,
      events: {} as ReportsEvent,
      input: {} as ReportsInput,
    },
    actors: {
      load: actors.loadReports,
      choices: actors.loadChoices,
      send: actors.sendReportNow,
      table: tableMachine,
      ...createReportsModals(client),
    },
    guards: {
      hasSeed: ({ context }) => context.seeded,
      isRemoval: ({ event }) => event.type === 'MODAL_SAVED' && event.modal === 'removeReports',
      /** The signed-in user has no report yet: the panel opens on the form. */
      hasNoReports: ({ context }) => ownReports(context).length === 0,
    },
    actions: {
      assignData: assign((_, params: { data: ReportList }) => ({
        reports: params.data,
        seeded: true,
      })),
      showRows: sendTo('table', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.reports.subscriptions.map(reportRow),
      })),
      clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
      openEditor: sendTo('editor', ({ context }, params: { event: ReportsEvent }) => {
        const { event } = params;
        const draft =
          event.type === 'EDIT'
            ? draftOf(event.subscription)
            : event.type === 'CHOOSE_RECIPIENT'
              ? event.draft
              : newReportDraft(context.self.email);
        return { type: event.type === 'CHOOSE_RECIPIENT' ? 'EDIT' : 'OPEN', draft } as const;
      }),
      assignChoicesFor: assign(({ context }, params: { event: ReportsEvent }) => {
        const { event } = params;
        if (event.type === 'RETRY_CHOICES') return {};
        const email =
          event.type === 'EDIT'
            ? event.subscription.email
            : event.type === 'CHOOSE_RECIPIENT'
              ? event.draft.email
              : context.self.email;
        return { choicesFor: email, choices: null };
      }),
      assignChoices: assign((_, params: { choices: ReportChoices }) => ({
        choices: params.choices,
      })),
      openRemover: sendTo('remover', (_, params: { subscriptions: ReportSubscription[] }) => ({
        type: 'OPEN' as const,
        draft: {
          ids: params.subscriptions.map((s) => s.id),
          names: params.subscriptions.map((s) => `${s.email}'s ${s.frequency} report`),
        },
      })),
      assignSending: assign((_, params: { subscription: ReportSubscription | null }) => ({
        sending: params.subscription,
      })),
      showSent: (_, params: { queued: ReportQueued }) => toast(reportSentToast(params.queued)),
      showSendFailed: (_, params: { error: unknown }) =>
        toast({
          title: "We couldn't send the report",
          description: failureMessage(params.error),
          variant: 'error',
        }),
    },
  }).createMachine({
    id: 'reports',
    context: ({ input }) => ({
      reports: input.seed ?? EMPTY_LIST,
      seeded: input.seed !== null,
      features: input.features,
      self: input.self,
      recipients: input.recipients,
      choicesFor: input.self.email,
      choices: null,
      sending: null,
    }),
    invoke: [
      { id: 'table', src: 'table' },
      { id: 'editor', src: 'editor' },
      { id: 'remover', src: 'remover' },
    ],
    initial: 'starting',
    states: {
      ...listLoadStates<ReportList>(),
      ready: {
        type: 'parallel',
        on: {
          REMOVE: {
            actions: {
              type: 'openRemover',
              params: ({ event }) => ({ subscriptions: event.subscriptions }),
            },
          },
        },
        states: {
          list: listRegion<ReportList>('reports'),
          choices: {
            initial: 'idle',
            states: {
              idle: { on: choicesOn },
              loading: {
                on: choicesOn,
                entry: {
                  type: 'assignChoicesFor',
                  params: ({ event }) => ({ event }),
                },
                invoke: {
                  id: 'choices',
                  src: 'choices',
                  input: ({ context }) => ({ email: context.choicesFor }),
                  onDone: {
                    target: 'ready',
                    actions: {
                      type: 'assignChoices',
                      params: ({ event }) => ({ choices: event.output }),
                    },
                  },
                  onError: 'failed',
                },
              },
              ready: { on: choicesOn },
              failed: { on: { ...choicesOn, RETRY_CHOICES: 'loading' } },
            },
          },
          sending: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  SEND_NOW: {
                    target: 'sending',
                    actions: {
                      type: 'assignSending',
                      params: ({ event }) => ({ subscription: event.subscription }),
                    },
                  },
                },
              },
              sending: {
                invoke: {
                  id: 'send',
                  src: 'send',
                  input: ({ context }) => ({ id: context.sending?.id ?? 0 }),
                  onDone: {
                    target: 'idle',
                    actions: [
                      { type: 'showSent', params: ({ event }) => ({ queued: event.output }) },
                      { type: 'assignSending', params: { subscription: null } },
                    ],
                  },
                  onError: {
                    target: 'idle',
                    actions: [
                      { type: 'showSendFailed', params: ({ event }) => ({ error: event.error }) },
                      { type: 'assignSending', params: { subscription: null } },
                    ],
                  },
                },
              },
            },
          },
          panel: {
            initial: 'closed',
            states: {
              closed: {
                on: {
                  OPEN_PANEL: [
                    { guard: 'hasNoReports', target: 'open', actions: raise({ type: 'CREATE' }) },
                    { target: 'open' },
                  ],
                },
              },
              open: { on: { CLOSE_PANEL: 'closed' } },
            },
          },
        },
      },
    },
  });
}

export type ReportsMachine = ReturnType<typeof createReportsMachine>;
export type ReportsActor = ActorRefFrom<ReportsMachine>;
type ReportsModals = ReturnType<typeof createReportsModals>;
export type ReportEditorActor = ActorRefFrom<ReportsModals['editor']>;
export type RemoveReportsActor = ActorRefFrom<ReportsModals['remover']>;
