import type { Alert } from '../../src/api/types';
import { ApiFailure } from '../../src/api/errors';
import type { AlertsData } from '../../src/machines/alerts.actors';
import { alertsMachine, type AlertsEvent } from '../../src/machines/alerts.machine';
import type { Features } from '../../src/session/user-info';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox } from '../support/settings-fixtures';
import { describeListTabPaths, loadOutcomes, sendEvent as send } from './support/list-tab';
import type { ControlledActors, Executors, PathEvent } from './support/paths';

const KEY_ACCOUNTS = makeAlert(1, 'Key accounts waiting');
const DATA: AlertsData = { alerts: [KEY_ACCOUNTS], mailboxes: [makeMailbox('sales@acme.example')] };

const provide = (actors: ControlledActors) =>
  alertsMachine.provide({
    actors: {
      load: actors.promise<AlertsData, { features: Features }>('load'),
      loadAlert: actors.promise<Alert, { alertId: number }>('loadAlert'),
    },
    // The limit toast and a failed fetch's toast are the page's; their texts are unit-tested.
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

const events: PathEvent<typeof alertsMachine>[] = [
  { type: 'RETRY' },
  { type: 'CREATE' },
  { type: 'EDIT', alert: KEY_ACCOUNTS },
  { type: 'CANCEL_EDIT' },
  { type: 'REMOVE', alerts: [KEY_ACCOUNTS] },
  { type: 'MODAL_SAVED', modal: 'alertEditor' },
  { type: 'MODAL_SAVED', modal: 'removeAlerts' },
  { type: 'ALERT_TOGGLED' },
  ...loadOutcomes(DATA),
  { type: 'xstate.done.actor.loadAlert', output: KEY_ACCOUNTS },
  { type: 'xstate.error.actor.loadAlert', error: failure },
];

const base = { features: makeFeatures(), userEmail: 'ada@acme.example' };

// Below the limit, CREATE opens the modal; at it (one alert of one), it toasts instead.
describeListTabPaths({
  name: 'alerts (below the limit)',
  provide,
  input: { ...base, maxAlerts: 5 },
  seed: DATA,
  events,
  executors,
});

describeListTabPaths({
  name: 'alerts (at the limit)',
  provide,
  input: { ...base, maxAlerts: 1 },
  seed: DATA,
  events,
  executors,
});
