import type { Dashboard } from '../../src/api/types';
import { describe } from 'vitest';
import { ApiFailure } from '../../src/api/errors';
import {
  createDashboardMachine,
  type DashboardEvent,
} from '../../src/machines/dashboard/dashboard.machine';
import { lookerDashboard, makeDashboard, supersetDashboard } from '../support/fixtures';
import {
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

const start = startWithStandIns((actors) =>
  createDashboardMachine(offlineClient).provide({
    actors: { loadDashboard: actors.promise<Dashboard>('loadDashboard') },
  }),
);

const executors = { LOAD: send, RETRY: send } satisfies Executors<
  { send(event: DashboardEvent): void },
  DashboardEvent
>;

describe('dashboard machine paths', () => {
  describePathTests({
    machine: createDashboardMachine(offlineClient),
    events: [
      { type: 'LOAD' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadDashboard', output: lookerDashboard },
      { type: 'xstate.done.actor.loadDashboard', output: supersetDashboard },
      { type: 'xstate.done.actor.loadDashboard', output: makeDashboard() },
      {
        type: 'xstate.done.actor.loadDashboard',
        output: makeDashboard({ dashboard_platform: 'Native' }),
      },
      {
        type: 'xstate.error.actor.loadDashboard',
        error: new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' }),
      },
    ],
    start,
    executors,
  });
});
