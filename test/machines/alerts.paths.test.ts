import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { AlertsData } from '../../src/machines/alerts.actors';
import {
  alertsMachine,
  type AlertsEvent,
  type AlertsInput,
} from '../../src/machines/alerts.machine';
import type { Alert } from '../../src/machines/alerts.rows';
import type { Features } from '../../src/session/user-info';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox } from '../support/settings-fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
  type PathEvent,
} from './support/paths';

type AlertsTestActor = ReturnType<ReturnType<typeof starter>>['actor'];

const KEY_ACCOUNTS = makeAlert(1, 'Key accounts waiting');
const DATA: AlertsData = { alerts: [KEY_ACCOUNTS], mailboxes: [makeMailbox('sales@acme.example')] };

function starter(input: AlertsInput) {
  return () => {
    const actors = new ControlledActors();
    const clock = new SimulatedClock();
    const machine = alertsMachine.provide({
      actors: {
        loadAlertsData: actors.promise<AlertsData, { features: Features }>('loadAlertsData'),
        loadAlert: actors.promise<Alert, { alertId: number }>('loadAlert'),
      },
      // The limit toast and a failed fetch's toast are the page's; their texts are unit-tested.
      actions: { showLimitToast: () => undefined, showLoadAlertFailure: () => undefined },
    });
    return { actor: createActor(machine, { clock, input }).start(), actors, clock };
  };
}

const executors = {
  RETRY: (actor, event) => actor.send(event),
  CREATE: (actor, event) => actor.send(event),
  EDIT: (actor, event) => actor.send(event),
  CANCEL_EDIT: (actor, event) => actor.send(event),
  REMOVE: (actor, event) => actor.send(event),
  MODAL_SAVED: (actor, event) => actor.send(event),
  ALERT_TOGGLED: (actor, event) => actor.send(event),
} satisfies Executors<AlertsTestActor, AlertsEvent>;

const label = (event: { type: string; modal?: unknown }) =>
  event.type === 'MODAL_SAVED' ? `MODAL_SAVED(${String(event.modal)})` : event.type;

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
  { type: 'xstate.done.actor.loadAlertsData', output: DATA },
  { type: 'xstate.error.actor.loadAlertsData', error: failure },
  { type: 'xstate.done.actor.loadAlert', output: KEY_ACCOUNTS },
  { type: 'xstate.error.actor.loadAlert', error: failure },
];

const input = (overrides: Partial<AlertsInput>): AlertsInput => ({
  seed: null,
  features: makeFeatures(),
  maxAlerts: 5,
  userEmail: 'ada@acme.example',
  ...overrides,
});

describe('alerts machine paths, loading first', () => {
  const first = input({});
  describePathTests({
    machine: alertsMachine,
    input: first,
    events,
    label,
    start: starter(first),
    executors,
  });
});

describe('alerts machine paths, from the lists loaded at sign-in, at the limit', () => {
  const seeded = input({ seed: DATA, maxAlerts: 1 });
  describePathTests({
    machine: alertsMachine,
    input: seeded,
    events,
    label,
    start: starter(seeded),
    executors,
  });
});
