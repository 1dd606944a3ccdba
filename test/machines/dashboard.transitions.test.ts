import type { Dashboard } from '../../src/api/types';
import { describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createDashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { dashboardView } from '../../src/machines/dashboard/dashboard.view';
import { lookerDashboard, makeDashboard, supersetDashboard } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The dashboard page: which screen it shows for the workspace's settings, and whether the other
// pages show the BI platform's help header.

const checks = transitionChecks();
const dashboardMachine = createDashboardMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function viewFor(dashboard: Dashboard) {
  const machine = dashboardMachine.provide({
    actors: { loadDashboard: fromPromise<Dashboard>(() => Promise.resolve(dashboard)) },
  });
  const actor = createActor(machine).start();
  expect(dashboardView(actor.getSnapshot()).screen).toBe('loading');
  actor.send({ type: 'LOAD' });
  await flush();
  return dashboardView(actor.getSnapshot());
}

describe('dashboard: the platform', () => {
  checks.it(
    dashboardMachine,
    ['assignDashboard', 'isLookerStudio'],
    'frames Looker Studio with its embed address, and the other pages show the help header',
    async () => {
      expect(await viewFor(lookerDashboard)).toEqual({
        screen: 'lookerStudio',
        dashboard: lookerDashboard,
        hasPlatform: true,
      });
    },
  );

  checks.it(
    dashboardMachine,
    ['isLookerStudio'],
    'says the dashboard will be ready soon for Looker Studio without an embed address',
    async () => {
      const unset = { ...lookerDashboard, dashboard_embedded_url: null };
      expect(await viewFor(unset)).toMatchObject({ screen: 'notReady', hasPlatform: false });
      expect(await viewFor(makeDashboard())).toMatchObject({ screen: 'notReady' });
    },
  );

  checks.it(dashboardMachine, ['isSuperset'], 'embeds Superset, with the help header', async () => {
    expect(await viewFor(supersetDashboard)).toMatchObject({
      screen: 'superset',
      hasPlatform: true,
    });
  });

  checks.it(
    dashboardMachine,
    ['isNative'],
    "shows Mailpulse's own dashboard, with no help header",
    async () => {
      const native = makeDashboard({ dashboard_platform: 'Native' });
      expect(await viewFor(native)).toMatchObject({ screen: 'native', hasPlatform: false });
    },
  );
});

checks.keep();
