import { sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { toast } from '@/stores/toast-store';
import { createAlertsActors } from './alerts.actors';
import { ALERT_PAUSED_TOAST, ALERT_RESUMED_TOAST } from './alerts.rows';
import { toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

export interface AlertToggleInput {
  alertId: number;
  isActive: boolean;
}

interface AlertToggleContext {
  alertId: number;
  /** The alert's status as the list first showed it: where the machine starts. */
  isActive: boolean;
}

export type AlertToggleEvent =
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  /** The list was reloaded: follow the server when nothing is under way. */
  | { type: 'SYNC'; isActive: boolean };

/** What the alerts page hears after a pause or a resume: it reloads the list. */
export interface AlertToggledEvent {
  type: 'ALERT_TOGGLED';
}

const isSync = (event: AlertToggleEvent, isActive: boolean) =>
  event.type === 'SYNC' && event.isActive === isActive;

/**
 * One alert's Active/Paused status: pausing and resuming call the server; success
 * toasts and tells the page, failure goes back where it was with an error toast.
 */
export function createAlertToggleMachine(client: ApiClient) {
  const actors = createAlertsActors(client);
  const alertToggleSetup = setup({
    types: {
      context: {} as AlertToggleContext,
      events: {} as AlertToggleEvent,
      input: {} as AlertToggleInput,
    },
    actors: { setAlertActive: actors.setAlertActive },
    guards: {
      isActive: ({ context }) => context.isActive,
      isSyncedActive: ({ event }) => isSync(event, true),
      isSyncedPaused: ({ event }) => isSync(event, false),
    },
    actions: {
      showPausedToast: () => toast(ALERT_PAUSED_TOAST),
      showResumedToast: () => toast(ALERT_RESUMED_TOAST),
      showFailureToast: (_, params: { title: string; error: unknown }) =>
        toastFailed(params.title, params.error),
      notifyToggled: sendParent({ type: 'ALERT_TOGGLED' } satisfies AlertToggledEvent),
    },
  });
  return alertToggleSetup.createMachine({
    id: 'alertToggle',
    description:
      "One alert's Active/Paused toggle in the alerts list: pausing and resuming it on the server, with a toast either way.",
    meta: describeNamed(alertToggleSetup, {
      guards: {
        isActive: 'The list showed the alert as active',
        isSyncedActive: 'The reloaded list shows the alert active again (changed elsewhere)',
        isSyncedPaused: 'The reloaded list shows the alert paused (changed elsewhere)',
      },
      actions: {
        showPausedToast: 'Says the alert is paused',
        showResumedToast: 'Says the alert is active again',
        showFailureToast: 'Says the alert could not be paused or resumed, and why',
        notifyToggled: 'Tells the alerts page, which reloads the list',
      },
    }),
    context: ({ input }) => ({ alertId: input.alertId, isActive: input.isActive }),
    initial: 'starting',
    states: {
      starting: {
        description: 'Choosing Active or Paused from the status the list showed',
        always: [{ guard: 'isActive', target: 'active' }, { target: 'paused' }],
      },
      active: {
        description: 'The alert is active; the toggle offers Pause',
        on: {
          PAUSE: 'pausing',
          SYNC: { guard: 'isSyncedPaused', target: 'paused' },
        },
      },
      pausing: {
        description: 'Waiting for the server to pause the alert',
        invoke: {
          id: 'setAlertActive',
          src: 'setAlertActive',
          input: ({ context }) => ({ alertId: context.alertId, isActive: false }),
          onDone: { target: 'paused', actions: ['showPausedToast', 'notifyToggled'] },
          onError: {
            target: 'active',
            actions: {
              type: 'showFailureToast',
              params: ({ event }) => ({
                title: 'Your alert could not be paused',
                error: event.error,
              }),
            },
          },
        },
      },
      paused: {
        description: 'The alert is paused; the toggle offers Resume',
        on: {
          RESUME: 'resuming',
          SYNC: { guard: 'isSyncedActive', target: 'active' },
        },
      },
      resuming: {
        description: 'Waiting for the server to resume the alert',
        invoke: {
          id: 'setAlertActive',
          src: 'setAlertActive',
          input: ({ context }) => ({ alertId: context.alertId, isActive: true }),
          onDone: { target: 'active', actions: ['showResumedToast', 'notifyToggled'] },
          onError: {
            target: 'paused',
            actions: {
              type: 'showFailureToast',
              params: ({ event }) => ({
                title: 'Your alert could not be resumed',
                error: event.error,
              }),
            },
          },
        },
      },
    },
  });
}

type AlertToggleMachine = ReturnType<typeof createAlertToggleMachine>;

export type AlertToggleActor = ActorRefFrom<AlertToggleMachine>;
export type AlertToggleSnapshot = SnapshotFrom<AlertToggleMachine>;
