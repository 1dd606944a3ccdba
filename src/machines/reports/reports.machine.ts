import type { ReportList } from '@/api/types';
import { raise, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { LIST_TAB_CHILDREN, listLoadStates, listRegion } from '../shared/list-tab.states';
import type { createReportsModals } from './reports.setup';
import { EMPTY_LIST, reportsSetup, type ReportsEvent } from './reports.setup';

/** Opening the editor loads its recipient's choices, from any state of the choices region. */
const openingEditor = {
  target: '#reports.ready.choices.loading',
  reenter: true,
  actions: { type: 'openEditor', params: ({ event }: { event: ReportsEvent }) => ({ event }) },
} as const;

/**
 * The reports of the Settings tab (every subscription, for an admin) and of the dashboard's
 * "Email me a report" panel (one's own): the list, its table, the editor and remove modals, the
 * editor's recipient's choices, and "Send me one now".
 */
export function createReportsMachine(client: ApiClient) {
  const choicesOn = {
    CREATE: openingEditor,
    EDIT: openingEditor,
    CHOOSE_RECIPIENT: openingEditor,
  };
  return reportsSetup(client).createMachine({
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
    invoke: LIST_TAB_CHILDREN,
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
