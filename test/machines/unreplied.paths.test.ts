import type { StatsUnrepliedPage } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { UnrepliedRequest } from '../../src/machines/native-dashboard.actors';
import { unrepliedMachine, type UnrepliedEvent } from '../../src/machines/unreplied.machine';
import { makeRequest, unrepliedPage } from '../support/native-dashboard-fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';

type TestActor = ReturnType<typeof start>['actor'];

const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = unrepliedMachine.provide({
    actors: {
      loadUnreplied: actors.promise<StatsUnrepliedPage, UnrepliedRequest>('loadUnreplied'),
    },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  SHOW: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
} satisfies Executors<TestActor, UnrepliedEvent>;

describe('unreplied list machine paths', () => {
  describePathTests({
    machine: unrepliedMachine,
    events: [
      { type: 'SHOW', request: { query: makeRequest('2026-02-01', '2026-02-28').query, page: 1 } },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadUnreplied', output: unrepliedPage },
      { type: 'xstate.error.actor.loadUnreplied', error: failure },
    ],
    start,
    executors,
  });
});
