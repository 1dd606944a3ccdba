import { describe, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  createSessionMachine,
  type SessionEvent,
} from '../../src/machines/session/session.machine';
import type { UserInfo } from '../../src/session/user-info';
import { makeUser } from '../support/fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type SessionTestActor = ReturnType<typeof start>['actor'];

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createSessionMachine(offlineClient).provide({
    actors: {
      loadUserInfo: actors.promise<UserInfo>('loadUserInfo'),
      expireToken: actors.promise<void>('expireToken'),
    },
    actions: { goToLogin: vi.fn<() => void>() },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, actors, clock };
}

const executors = {
  LOAD: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
  LOGOUT: (actor, event) => actor.send(event),
  MAINTENANCE: (actor, event) => actor.send(event),
} satisfies Executors<SessionTestActor, SessionEvent>;

const failure = (kind: 'unavailable' | 'unauthorized' | 'network') =>
  new ApiFailure({ kind, message: kind });

describe('session machine paths', () => {
  describePathTests({
    machine: createSessionMachine(offlineClient),
    events: [
      { type: 'LOAD' },
      { type: 'RETRY' },
      { type: 'LOGOUT' },
      { type: 'MAINTENANCE' },
      { type: 'xstate.done.actor.loadUserInfo', output: makeUser('admin') },
      { type: 'xstate.error.actor.loadUserInfo', error: failure('unavailable') },
      { type: 'xstate.error.actor.loadUserInfo', error: failure('unauthorized') },
      { type: 'xstate.error.actor.loadUserInfo', error: failure('network') },
      { type: 'xstate.done.actor.expireToken' },
      { type: 'xstate.error.actor.expireToken', error: failure('network') },
    ],
    start,
    executors,
  });
});
