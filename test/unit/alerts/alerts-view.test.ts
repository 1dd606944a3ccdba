import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Alert } from '../../../src/api/types';
import type { AlertsData } from '../../../src/machines/alerts/alerts.actors';
import { createAlertsMachine } from '../../../src/machines/alerts/alerts.machine';
import { alertItemsStore, alertsView } from '../../../src/machines/alerts/alerts.view';
import { createAlertToggleMachine } from '../../../src/machines/alerts/alert-toggle.machine';
import { makeAlert } from '../../support/alerts-fixtures';
import { makeFeatures } from '../../support/fixtures';
import { offlineClient } from '../../support/offline-client';

const never = <T>() => new Promise<T>(() => undefined);

// Pausing calls the server; this one never answers, so the toggle stays in `pausing`.
const toggleMachine = createAlertToggleMachine(offlineClient).provide({
  actors: { setAlertActive: fromPromise(() => never<void>()) },
  actions: { notifyToggled: () => undefined },
});

const toggleFor = (alert: Alert) =>
  createActor(toggleMachine, { input: { alertId: alert.id, isActive: alert.is_active } }).start();

describe('alerts view: the table items', () => {
  const active = makeAlert(1, 'Key accounts waiting');
  const paused = makeAlert(2, 'Night shift', { is_active: false });
  const orphan = makeAlert(3, 'Not yet toggled');

  it('gives each alert with a toggle its status, and leaves out an alert without one', () => {
    const toggles = { '1': toggleFor(active), '2': toggleFor(paused) };
    const items = alertItemsStore([active, paused, orphan], toggles).read();
    expect([...items].map(([key, item]) => [key, item.alert.name, item.status])).toEqual([
      ['1', 'Key accounts waiting', 'active'],
      ['2', 'Night shift', 'paused'],
    ]);
  });

  it('tells its subscribers when a toggle moves, and keeps the same map until a status changes', () => {
    const toggles = { '1': toggleFor(active) };
    const store = alertItemsStore([active], toggles);
    let changes = 0;
    const unsubscribe = store.subscribe(() => changes++);
    const before = store.read();
    expect(store.read()).toBe(before);
    toggles['1'].send({ type: 'PAUSE' });
    expect(changes).toBeGreaterThan(0);
    const after = store.read();
    expect(after).not.toBe(before);
    expect(after.get('1')?.status).toBe('pausing');
    unsubscribe();
  });
});

describe('alerts view: the editor', () => {
  const alert = makeAlert(1, 'Key accounts waiting');
  const data: AlertsData = { alerts: [alert], mailboxes: [], emailDelivery: true };

  function start() {
    const machine = createAlertsMachine(offlineClient).provide({
      actors: {
        load: fromPromise(() => Promise.resolve(data)),
        loadAlert: fromPromise(() => never<Alert>()),
      },
    });
    const input = { seed: data, features: makeFeatures(), maxAlerts: 5, userEmail: 'a@x.io' };
    return createActor(machine, { input }).start();
  }

  it('is fetching from Edit until Cancel, with the editor machine there throughout', () => {
    const actor = start();
    expect(alertsView(actor.getSnapshot()).fetching).toBe(false);
    actor.send({ type: 'EDIT', alert });
    const editing = alertsView(actor.getSnapshot());
    expect(editing.fetching).toBe(true);
    expect(editing.editor).toBe(actor.getSnapshot().children.editor);
    actor.send({ type: 'CANCEL_EDIT' });
    expect(alertsView(actor.getSnapshot()).fetching).toBe(false);
  });
});
