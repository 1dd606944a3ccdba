import type { Alert } from '@/api/types';
import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { toast } from '@/stores/toast-store';
import { createAlertsActors, type AlertsData, type RemoveAlertsDraft } from './alerts.actors';
import { canSubmitAlert, draftFromAlert, EMPTY_ALERT_DRAFT, type AlertDraft } from './alerts.draft';
import {
  ALERT_CREATED_TOAST,
  ALERT_LIMIT_TOAST,
  ALERT_UPDATED_TOAST,
  alertRow,
  alertsRemovedToast,
} from './alerts.rows';
import {
  createAlertToggleMachine,
  type AlertToggleActor,
  type AlertToggledEvent,
} from './alert-toggle.machine';
import { LIST_TAB_CHILDREN, listLoadStates, listRegion } from '../shared/list-tab.states';
import {
  createModalSaveMachine,
  createRemoveMachine,
  type ModalSavedEvent,
} from '../shared/modal-save.machine';
import { toastFailed } from '../shared/save-toasts';
import { tableMachine } from '../shared/table.machine';
import { describeNamed } from '../shared/describe-named';

/** The page's modals over the client; tests stand in their save calls. */
export function createAlertsModals(client: ApiClient) {
  const actors = createAlertsActors(client);
  return {
    editor: createModalSaveMachine({
      id: 'alertEditor',
      emptyDraft: EMPTY_ALERT_DRAFT,
      save: actors.saveAlert,
      canSubmit: canSubmitAlert,
      successToast: (draft) => (draft.id === null ? ALERT_CREATED_TOAST : ALERT_UPDATED_TOAST),
    }),
    remover: createRemoveMachine({
      id: 'removeAlerts',
      emptyDraft: { ids: [], names: [] } satisfies RemoveAlertsDraft,
      save: actors.removeAlerts,
      successToast: alertsRemovedToast,
    }),
  };
}

export interface AlertsInput {
  /** The lists the shell loaded at sign-in, shown at once while fresh ones load. */
  /** The lists loaded at sign-in; email delivery is known once the page has loaded its own. */
  seed: Omit<AlertsData, 'emailDelivery'> | null;
  features: Features;
  maxAlerts: number;
  /** The signed-in admin: a new alert notifies them unless they change it. */
  userEmail: string;
}

interface AlertsContext extends AlertsData, Omit<AlertsInput, 'seed'> {
  /** One pause/resume machine per alert, by alert id: rows come and go as the table scrolls. */
  toggles: Readonly<Record<string, AlertToggleActor>>;
}

export type AlertsEvent =
  | { type: 'RETRY' }
  | { type: 'CREATE' }
  | { type: 'EDIT'; alert: Alert }
  /** Closes the modal while the alert to edit is still loading. */
  | { type: 'CANCEL_EDIT' }
  | { type: 'REMOVE'; alerts: Alert[] }
  | ModalSavedEvent
  | AlertToggledEvent;

function alertsSetup(client: ApiClient) {
  const actors = createAlertsActors(client);
  return setup({
    types: { context: {} as AlertsContext, events: {} as AlertsEvent, input: {} as AlertsInput },
    actors: {
      load: actors.loadAlertsData,
      loadAlert: actors.loadAlert,
      table: tableMachine,
      ...createAlertsModals(client),
      toggle: createAlertToggleMachine(client),
    },
    guards: {
      hasSeed: ({ context }) => context.alerts.length > 0,
      isAtLimit: ({ context }) => context.alerts.length >= context.maxAlerts,
      isRemoval: ({ event }) => event.type === 'MODAL_SAVED' && event.modal === 'removeAlerts',
    },
    actions: {
      assignData: assign((_, params: { data: AlertsData }) => params.data),
      clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
      showLimitToast: () => toast(ALERT_LIMIT_TOAST),
      showLoadAlertFailure: (_, params: { error: unknown }) =>
        toastFailed('Something went wrong', params.error),
      openEditor: sendTo('editor', ({ context }, params: { draft: AlertDraft | null }) => ({
        type: 'OPEN' as const,
        draft: params.draft ?? {
          ...EMPTY_ALERT_DRAFT,
          notifyEmails: { values: [context.userEmail], pending: '' },
        },
      })),
      openRemover: sendTo('remover', (_, params: { alerts: Alert[] }) => ({
        type: 'OPEN' as const,
        draft: {
          ids: params.alerts.map((alert) => alert.id),
          names: params.alerts.map((alert) => alert.name),
        },
      })),
    },
  });
}

/** The alerts page: the list, its table, the alert and delete modals, a toggle per alert. */
export function createAlertsMachine(client: ApiClient) {
  const base = alertsSetup(client);
  const alertsWithRows = base.extend({
    actions: {
      /**
       * The rows, and each listed alert's toggle (kept across reloads, brought in line with
       * the server); deleted alerts' toggles stop.
       */
      showRows: base.enqueueActions(({ context, enqueue }) => {
        enqueue.sendTo('table', { type: 'SET_ROWS', rows: context.alerts.map(alertRow) });
        const listed = new Set(context.alerts.map((alert) => String(alert.id)));
        for (const [key, toggle] of Object.entries(context.toggles)) {
          if (!listed.has(key)) enqueue.stopChild(toggle);
        }
        for (const alert of context.alerts) {
          const toggle = context.toggles[String(alert.id)];
          if (toggle) enqueue.sendTo(toggle, { type: 'SYNC', isActive: alert.is_active });
        }
        enqueue.assign({
          toggles: ({ context: current, spawn }) =>
            Object.fromEntries(
              current.alerts.map((alert) => {
                const key = String(alert.id);
                const input = { alertId: alert.id, isActive: alert.is_active };
                const toggle =
                  current.toggles[key] ?? spawn('toggle', { id: `toggle-${key}`, input });
                return [key, toggle];
              }),
            ),
        });
      }),
    },
  });
  return alertsWithRows.createMachine({
    id: 'alerts',
    description:
      'The alerts page: the alerts on unreplied emails, creating, editing, pausing and deleting them, and the alert limit.',
    meta: describeNamed(alertsWithRows, {
      guards: {
        hasSeed: 'The alerts loaded at sign-in are at hand, so the list shows at once',
        isAtLimit:
          'The workspace has as many alerts as its plan allows, so Create alert only toasts',
        isRemoval: 'The modal that saved is the delete modal, so ticked rows are unticked',
      },
      actions: {
        assignData: 'Keeps the alerts, mailboxes and email delivery status the server sent',
        clearSelection: 'Unticks every row of the table',
        showLimitToast: 'Says the alert limit is reached instead of opening the alert modal',
        showLoadAlertFailure: 'Says the alert to edit could not be loaded',
        openEditor:
          'Opens the alert modal: a new alert notifying the signed-in user, or the alert to edit',
        openRemover: 'Opens the delete modal with the chosen alerts',
        showRows:
          "Puts the alerts into the table and gives each its Active/Paused toggle, following the server's status",
      },
    }),
    context: ({ input }) => ({
      alerts: input.seed?.alerts ?? [],
      mailboxes: input.seed?.mailboxes ?? [],
      emailDelivery: true,
      features: input.features,
      maxAlerts: input.maxAlerts,
      userEmail: input.userEmail,
      toggles: {},
    }),
    invoke: LIST_TAB_CHILDREN,
    initial: 'starting',
    states: {
      ...listLoadStates<AlertsData>(),
      ready: {
        description: 'The list is on show; Create alert, Edit and Delete open their modals',
        type: 'parallel',
        on: {
          // At or above max_alerts, creating is refused with a toast, no modal.
          CREATE: [
            { guard: 'isAtLimit', actions: 'showLimitToast' },
            { actions: { type: 'openEditor', params: { draft: null } } },
          ],
          REMOVE: {
            actions: { type: 'openRemover', params: ({ event }) => ({ alerts: event.alerts }) },
          },
        },
        states: {
          list: listRegion<AlertsData, 'ALERT_TOGGLED'>('alerts', ['ALERT_TOGGLED']),
          opener: {
            description: 'Edit fetches the full alert before the alert modal opens with it',
            initial: 'idle',
            states: {
              idle: {
                description: 'No alert is being fetched for editing',
                on: { EDIT: 'fetching' },
              },
              // The modal shows with a loading state while the alert is fetched.
              fetching: {
                description: 'The alert modal shows loading while the alert to edit is fetched',
                on: { CANCEL_EDIT: 'idle' },
                invoke: {
                  id: 'loadAlert',
                  src: 'loadAlert',
                  // Only EDIT enters this state.
                  input: ({ event }) => ({ alertId: event.type === 'EDIT' ? event.alert.id : 0 }),
                  onDone: {
                    target: 'idle',
                    actions: {
                      type: 'openEditor',
                      params: ({ event }) => ({ draft: draftFromAlert(event.output) }),
                    },
                  },
                  onError: {
                    target: 'idle',
                    actions: {
                      type: 'showLoadAlertFailure',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
}

export type AlertsMachine = ReturnType<typeof createAlertsMachine>;

export type AlertsActor = ActorRefFrom<AlertsMachine>;
