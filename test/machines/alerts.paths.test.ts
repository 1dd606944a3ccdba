import type { Alert } from '../../src/api/types';
import { ApiFailure } from '../../src/api/errors';
import type { AlertsData } from '../../src/machines/alerts/alerts.actors';
import {
  createAlertsMachine,
  type AlertsMachine,
  type AlertsEvent,
} from '../../src/machines/alerts/alerts.machine';
import type { Features } from '../../src/session/user-info';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox } from '../support/settings-fixtures';
import { describeListTabPaths, loadOutcomes } from './support/list-tab';
import {
  sendEvent as send,
  type ControlledActors,
  type Executors,
  type PathEvent,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

const KEY_ACCOUNTS = makeAlert(1, 'Key accounts waiting');
const DATA: AlertsData = {
  alerts: [KEY_ACCOUNTS],
  mailboxes: [makeMailbox('sales@acme.example')],
  emailDelivery: true,
};

const provide = (actors: ControlledActors) =>
  createAlertsMachine(offlineClient).provide({
    actors: {
      load: actors.promise<AlertsData, { features: Features }>('load'),
      loadAlert: actors.promise<Alert, { alertId: number }>('loadAlert'),
    },
    // The toasts are checked in limits.transitions.test.ts and the page's unit tests.
    actions: { showLimitToast: () => undefined, showLoadAlertFailure: () => undefined },
  });

const executors = {
  RETRY: send,
  CREATE: send,
  EDIT: send,
  CANCEL_EDIT: send,
  REMOVE: send,
  MODAL_SAVED: send,
  ALERT_TOGGLED: send,
} satisfies Executors<{ send(event: AlertsEvent): void }, AlertsEvent>;

const failure = new ApiFailure({ kind: 'network', message: 'offline' });

const events: PathEvent<AlertsMachine>[] = [
  { type: 'RETRY' },
  { type: 'CREATE' },
  { type: 'EDIT', alert: KEY_ACCOUNTS },
  { type: 'CANCEL_EDIT' },
  { type: 'REMOVE', alerts: [KEY_ACCOUNTS] },
  { type: 'MODAL_SAVED', modal: 'alertEditor' },
  { type: 'MODAL_SAVED', modal: 'removeAlerts' },
  { type: 'ALERT_TOGGLED' },
  ...loadOutcomes(DATA),
  { type: 'xstate.done.actor.load', output: { ...DATA, alerts: [] } },
  { type: 'xstate.done.actor.loadAlert', output: KEY_ACCOUNTS },
  { type: 'xstate.error.actor.loadAlert', error: failure },
];

const base = { features: makeFeatures(), userEmail: 'ada@acme.example' };

// One alert of at most one: CREATE toasts at the limit, and opens the editor once a reload
// brings no alerts (limits.transitions.test.ts checks what CREATE does on either side).
describeListTabPaths({
  name: 'alerts',
  provide,
  input: { ...base, maxAlerts: 1 },
  seed: DATA,
  events,
  executors,
  contextKey: (context) => ({ atLimit: context.alerts.length >= context.maxAlerts }),
});
