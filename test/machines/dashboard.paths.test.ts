import type { Dashboard } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { dashboardMachine, type DashboardEvent } from '../../src/machines/dashboard.machine';
import { lookerDashboard, makeDashboard, supersetDashboard } from '../support/fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';

type DashboardTestActor = ReturnType<typeof start>['actor'];

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = dashboardMachine.provide({
    actors: { loadDashboard: actors.promise<Dashboard>('loadDashboard') },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  LOAD: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
} satisfies Executors<DashboardTestActor, DashboardEvent>;

describe('dashboard machine paths', () => {
  describePathTests({
    machine: dashboardMachine,
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
