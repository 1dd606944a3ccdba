import type { DashboardFilters } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { Figures, FiguresInput } from '../../src/machines/native-dashboard.actors';
import {
  nativeDashboardMachine,
  type NativeDashboardEvent,
} from '../../src/machines/native-dashboard.machine';
import { choices, makeFigures, makeRequest } from '../support/native-dashboard-fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';

type TestActor = ReturnType<typeof start>['actor'];

const request = makeRequest('2026-02-01', '2026-02-28');
const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = nativeDashboardMachine.provide({
    actors: {
      loadChoices: actors.promise<DashboardFilters>('loadChoices'),
      loadFigures: actors.promise<Figures, FiguresInput>('loadFigures'),
    },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  REQUEST: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
} satisfies Executors<TestActor, NativeDashboardEvent>;

describe('native dashboard machine paths', () => {
  describePathTests({
    machine: nativeDashboardMachine,
    events: [
      { type: 'REQUEST', request },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadChoices', output: choices },
      { type: 'xstate.error.actor.loadChoices', error: failure },
      { type: 'xstate.done.actor.loadFigures', output: makeFigures(request, 5) },
      { type: 'xstate.error.actor.loadFigures', error: failure },
    ],
    start,
    executors,
  });
});
