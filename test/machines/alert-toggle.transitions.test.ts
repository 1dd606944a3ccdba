import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { AlertActiveInput, AlertsData } from '../../src/machines/alerts/alerts.actors';
import { createAlertToggleMachine } from '../../src/machines/alerts/alert-toggle.machine';
import { createAlertsMachine } from '../../src/machines/alerts/alerts.machine';
import { alertItemsStore, alertsView } from '../../src/machines/alerts/alerts.view';
import type { Features } from '../../src/session/user-info';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// An alert row's Active/Paused switch, run by the alerts page as it is in the app: the status
// the row shows, the toast, and whether the page reloads its list afterwards.

const checks = transitionChecks();
const toggle = createAlertToggleMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ACTIVE = makeAlert(1, 'Key accounts');
const PAUSED = makeAlert(2, 'Support backlog', { is_active: false });

function start(setActive: (input: AlertActiveInput) => Promise<void>) {
  let loads = 0;
  const machine = createAlertsMachine(offlineClient).provide({
    actors: {
      load: fromPromise<AlertsData, { features: Features }>(() => {
        loads++;
        return new Promise(() => undefined);
      }),
      toggle: toggle.provide({
        actors: {
          setAlertActive: fromPromise<void, AlertActiveInput>(({ input }) => setActive(input)),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      seed: { alerts: [ACTIVE, PAUSED], mailboxes: [] },
      features: makeFeatures(),
      maxAlerts: 10,
      userEmail: 'ada@acme.example',
    },
  }).start();
  const view = () => alertsView(actor.getSnapshot());
  const status = (id: number) =>
    alertItemsStore(view().alerts, view().toggles).read().get(String(id))?.status;
  const send = (id: number, event: { type: 'PAUSE' } | { type: 'RESUME' }) =>
    view().toggles[String(id)]?.send(event);
  return { status, send, view, loads: () => loads };
}

const toasts = () => getToasts().map(({ title, description }) => ({ title, description }));

beforeEach(() => dismissAllToasts());

describe('alert toggle', () => {
  checks.it(toggle, ['isActive'], 'starts as the list shows each alert', () => {
    const { status } = start(() => Promise.resolve());
    expect([status(1), status(2)]).toEqual(['active', 'paused']);
  });

  checks.it(
    toggle,
    ['showPausedToast', 'notifyToggled'],
    'pausing shows Pausing, then Paused with a toast, and the page reloads its list',
    async () => {
      const calls: AlertActiveInput[] = [];
      const { status, send, loads } = start(async (input) => void calls.push(input));
      const before = loads();
      send(1, { type: 'PAUSE' });
      expect(status(1)).toBe('pausing');
      await flush();
      expect(calls).toEqual([{ alertId: 1, isActive: false }]);
      expect(status(1)).toBe('paused');
      expect(toasts()).toEqual([{ title: 'Your alert has been paused', description: undefined }]);
      expect(loads()).toBe(before + 1);
    },
  );

  checks.it(
    toggle,
    ['showResumedToast', 'notifyToggled'],
    'resuming shows Active with a toast, and the page reloads its list',
    async () => {
      const { status, send, loads } = start(() => Promise.resolve());
      const before = loads();
      send(2, { type: 'RESUME' });
      expect(status(2)).toBe('resuming');
      await flush();
      expect(status(2)).toBe('active');
      expect(toasts()).toEqual([{ title: 'Your alert has been resumed', description: undefined }]);
      expect(loads()).toBe(before + 1);
    },
  );

  checks.it(
    toggle,
    ['showFailureToast'],
    "a refusal goes back where it was and toasts the server's reason; the list is not reloaded",
    async () => {
      const refusal = new ApiFailure({
        kind: 'forbidden',
        code: 'admin_only',
        message: 'Only admins can do this.',
      });
      const { status, send, loads } = start(() => Promise.reject(refusal));
      const before = loads();
      send(1, { type: 'PAUSE' });
      send(2, { type: 'RESUME' });
      await flush();
      expect([status(1), status(2)]).toEqual(['active', 'paused']);
      expect(toasts()).toEqual([
        { title: 'Your alert could not be paused', description: 'Only admins can do this.' },
        { title: 'Your alert could not be resumed', description: 'Only admins can do this.' },
      ]);
      expect(loads()).toBe(before);
    },
  );

  checks.it(
    toggle,
    ['isSyncedPaused', 'isSyncedActive'],
    'follows the reloaded list when nothing is under way, and ignores it while a call runs',
    () => {
      const { status, view, send } = start(() => new Promise(() => undefined));
      const sync = (id: number, isActive: boolean) =>
        view().toggles[String(id)]?.send({ type: 'SYNC', isActive });
      sync(1, true);
      sync(2, false);
      expect([status(1), status(2)]).toEqual(['active', 'paused']);
      sync(1, false);
      sync(2, true);
      expect([status(1), status(2)]).toEqual(['paused', 'active']);
      send(1, { type: 'RESUME' });
      sync(1, false);
      expect(status(1)).toBe('resuming');
    },
  );
});

checks.keep();
