import type { ReportList } from '@/api/types';
import { raise, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { LIST_TAB_CHILDREN, listLoadStates, listRegion } from '../shared/list-tab.states';
import type { createReportsModals } from './reports.setup';
import { EMPTY_LIST, reportsSetup, type ReportsEvent } from './reports.setup';
import { describeNamed } from '../shared/describe-named';

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
  const machineSetup = reportsSetup(client);
  return machineSetup.createMachine({
    id: 'reports',
    description:
      "Scheduled email reports: every subscription in Settings (for an admin), one's own in the dashboard's Email me a report panel, with editing, removing and Send me one now.",
    meta: describeNamed(machineSetup, {
      guards: {
        hasSeed: 'The reports were handed over by the page, so the list shows at once',
        isRemoval: 'The modal that saved is the remove modal, so ticked rows are unticked',
        hasNoReports: 'The signed-in user has no report yet, so the panel opens on the form',
      },
      actions: {
        assignData: 'Keeps the reports the server sent',
        showRows: 'Puts the reports into the table as rows',
        clearSelection: 'Unticks every row of the table',
        openEditor:
          'Opens the report form: a new report for oneself, the report to edit, or the form again with another recipient',
        assignChoicesFor:
          'Remembers whose mailboxes and teams the form offers, forgetting the last ones',
        assignChoices: "Keeps the mailboxes and teams the recipient's report may be narrowed to",
        openRemover: 'Opens the remove modal with the chosen reports',
        assignSending: 'Remembers which report is being sent now (none once done)',
        showSent: 'Says the report is on its way, naming its period and recipient',
        showSendFailed: "Says the report couldn't be sent, and why",
      },
    }),
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
        description:
          'The list is on show; the form, its choices, Send me one now and the panel work side by side',
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
            description: "The mailboxes and teams the form's recipient may narrow a report to",
            initial: 'idle',
            states: {
              idle: { description: 'No form opened yet', on: choicesOn },
              loading: {
                description: "Loading the recipient's choices for the form",
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
              ready: {
                description: "The form offers the recipient's mailboxes and teams",
                on: choicesOn,
              },
              failed: {
                description: 'The choices could not be loaded; the form offers a retry',
                on: { ...choicesOn, RETRY_CHOICES: 'loading' },
              },
            },
          },
          sending: {
            description: 'Send me one now: one report sent at a time',
            initial: 'idle',
            states: {
              idle: {
                description: 'No report is being sent',
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
                description: 'Waiting for the server to send the chosen report now',
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
            description: "The dashboard's Email me a report panel",
            initial: 'closed',
            states: {
              closed: {
                description: 'The panel is closed',
                on: {
                  OPEN_PANEL: [
                    { guard: 'hasNoReports', target: 'open', actions: raise({ type: 'CREATE' }) },
                    { target: 'open' },
                  ],
                },
              },
              open: {
                description: "The panel is open with the user's own reports",
                on: { CLOSE_PANEL: 'closed' },
              },
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
