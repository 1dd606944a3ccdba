import type { Alert } from '../../src/api/types';
import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { AlertsData } from '../../src/machines/alerts/alerts.actors';
import { createAlertsMachine } from '../../src/machines/alerts/alerts.machine';
import { alertItemsStore, alertsView } from '../../src/machines/alerts/alerts.view';
import type { Features } from '../../src/session/user-info';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { makeAlert } from '../support/alerts-fixtures';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { makeMailbox } from '../support/settings-fixtures';
import { transitionChecks } from './support/checks';

// The alerts page beyond the list-tab states (list-tab.transitions.test.ts) and the limit
// (limits.transitions.test.ts): editing an alert fetched first, removing, and each row's
// pause/resume toggle following the list the server sends.

const checks = transitionChecks();
const alerts = createAlertsMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const KEY = makeAlert(1, 'Key accounts');
const BACKLOG = makeAlert(2, 'Support backlog');
const SEED: Omit<AlertsData, 'emailDelivery'> = {
  alerts: [KEY, BACKLOG],
  mailboxes: [makeMailbox('sales@acme.example')],
};

function start(loadAlert: (id: number) => Promise<Alert>) {
  const loads: ((data: AlertsData) => void)[] = [];
  const machine = alerts.provide({
    actors: {
      load: fromPromise<AlertsData, { features: Features }>(
        () => new Promise((resolve) => loads.push(resolve)),
      ),
      loadAlert: fromPromise<Alert, { alertId: number }>(({ input }) => loadAlert(input.alertId)),
    },
  });
  const actor = createActor(machine, {
    input: { seed: SEED, features: makeFeatures(), maxAlerts: 10, userEmail: 'ada@acme.example' },
  }).start();
  const view = () => alertsView(actor.getSnapshot());
  const reload = async (data: Alert[]) => {
    loads.at(-1)?.({ ...SEED, alerts: data, emailDelivery: true });
    await flush();
  };
  return { actor, view, reload };
}

const toasts = () => getToasts().map(({ title, description }) => ({ title, description }));

beforeEach(() => dismissAllToasts());

describe('alerts: Edit', () => {
  checks.it(
    alerts,
    ['openEditor'],
    'shows the modal loading while the alert is fetched, then the form with what the server holds',
    async () => {
      const fresh = { ...KEY, name: 'Key accounts (renamed elsewhere)', minutes_gap: 180 };
      const { actor, view } = start(() => Promise.resolve(fresh));
      actor.send({ type: 'EDIT', alert: KEY });
      expect(view().fetching).toBe(true);
      await flush();
      expect(view().fetching).toBe(false);
      const editor = view().editor?.getSnapshot();
      expect(editor?.hasTag('visible')).toBe(true);
      expect(editor?.context.draft).toMatchObject({
        id: 1,
        name: 'Key accounts (renamed elsewhere)',
        hours: '3',
      });
    },
  );

  checks.it(
    alerts,
    ['showLoadAlertFailure'],
    'a failed fetch toasts Something went wrong with the reason, and opens no form',
    async () => {
      const gone = new ApiFailure({ kind: 'not_found', message: 'This alert no longer exists.' });
      const { actor, view } = start(() => Promise.reject(gone));
      actor.send({ type: 'EDIT', alert: KEY });
      await flush();
      expect(toasts()).toEqual([
        { title: 'Something went wrong', description: 'This alert no longer exists.' },
      ]);
      expect(view().fetching).toBe(false);
      expect(view().editor?.getSnapshot().hasTag('visible')).toBe(false);
    },
  );
});

describe('alerts: Delete and the toggles', () => {
  checks.it(alerts, ['openRemover'], 'asks about the ticked alerts by name', () => {
    const { actor, view } = start(() => new Promise(() => undefined));
    actor.send({ type: 'REMOVE', alerts: [KEY, BACKLOG] });
    const remover = view().remover?.getSnapshot();
    expect(remover?.hasTag('visible')).toBe(true);
    expect(remover?.context.draft).toEqual({
      ids: [1, 2],
      names: ['Key accounts', 'Support backlog'],
    });
  });

  checks.it(
    alerts,
    ['showRows'],
    "gives each row a toggle that follows the server's list: paused elsewhere shows paused, a deleted alert has none",
    async () => {
      const { view, reload } = start(() => new Promise(() => undefined));
      const statuses = () =>
        [...alertItemsStore(view().alerts, view().toggles).read()].map(
          ([key, item]) => `${key}:${item.status}`,
        );
      expect(statuses()).toEqual(['1:active', '2:active']);
      const toggle = view().toggles['1'];
      await reload([{ ...KEY, is_active: false }]);
      expect(statuses()).toEqual(['1:paused']);
      expect(view().toggles['1']).toBe(toggle);
      expect(Object.keys(view().toggles)).toEqual(['1']);
    },
  );
});

checks.keep();
