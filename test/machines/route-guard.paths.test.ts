import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  createRouteGuardMachine,
  type RouteGuardEvent,
} from '../../src/machines/route-guard/route-guard.machine';
import type { Access } from '../../src/session/access';
import { makeFeatures } from '../support/fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type GuardTestActor = ReturnType<typeof start>['actor'];

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createRouteGuardMachine(offlineClient).provide({
    actors: { loadAccess: actors.promise<Access>('loadAccess') },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  NAVIGATE: (actor, event) => actor.send(event),
} satisfies Executors<GuardTestActor, RouteGuardEvent>;

const admin: Access = { role: 'admin', features: makeFeatures() };
const viewer: Access = { role: 'viewer', features: makeFeatures() };

const navigate = (overrides: Partial<RouteGuardEvent>): RouteGuardEvent => ({
  type: 'NAVIGATE',
  pathname: '/dashboard',
  routeFound: true,
  features: [],
  isFirstNavigation: true,
  hasToken: true,
  storedAccess: null,
  ...overrides,
});

describe('route guard machine paths', () => {
  describePathTests({
    machine: createRouteGuardMachine(offlineClient),
    events: [
      navigate({ pathname: '/login', hasToken: false }),
      navigate({ pathname: '/login' }),
      navigate({ pathname: '/alerts', hasToken: false }),
      navigate({ pathname: '/dashboard' }),
      navigate({ pathname: '/settings/users', features: ['users'], storedAccess: admin }),
      navigate({ pathname: '/settings/users', features: ['users'], storedAccess: viewer }),
      navigate({
        pathname: '/alerts',
        features: ['alerts'],
        isFirstNavigation: false,
        storedAccess: admin,
      }),
      { type: 'xstate.done.actor.loadAccess', output: admin },
      { type: 'xstate.done.actor.loadAccess', output: viewer },
      {
        type: 'xstate.error.actor.loadAccess',
        error: new ApiFailure({ kind: 'network', message: 'offline' }),
      },
      {
        type: 'xstate.error.actor.loadAccess',
        error: new ApiFailure({ kind: 'unavailable', message: 'maintenance' }),
      },
    ],
    start,
    executors,
    label: (event) => {
      if (event.type !== 'NAVIGATE') return event.type;
      const nav = event as RouteGuardEvent;
      const facts = [
        nav.hasToken ? '' : 'no token',
        nav.isFirstNavigation ? '' : 'later',
        nav.storedAccess ? `stored ${nav.storedAccess.role}` : '',
      ].filter(Boolean);
      return `NAVIGATE ${nav.pathname}${facts.length ? ` [${facts.join(', ')}]` : ''}`;
    },
  });
});
