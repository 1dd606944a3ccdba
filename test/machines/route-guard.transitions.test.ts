import { beforeEach, describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { clearToken } from '../../src/api/session-store';
import {
  createRouteGuardMachine,
  type RouteGuardEvent,
} from '../../src/machines/route-guard/route-guard.machine';
import { guardDecision } from '../../src/machines/route-guard/route-guard.view';
import type { Access } from '../../src/session/access';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The route guard's decision on a navigation (what the root route then does: show the page,
// the not-found page, or go to /login or /dashboard), and when it asks the server first.

const checks = transitionChecks();
const routeGuard = createRouteGuardMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const ADMIN: Access = { role: 'admin', features: makeFeatures() };
const VIEWER: Access = { role: 'viewer', features: makeFeatures() };
const NO_USERS: Access = { role: 'admin', features: makeFeatures({ users: { enabled: false } }) };

const navigate = (overrides: Partial<RouteGuardEvent> = {}): RouteGuardEvent => ({
  type: 'NAVIGATE',
  pathname: '/settings/users',
  routeFound: true,
  features: ['users'],
  isFirstNavigation: false,
  hasToken: true,
  storedAccess: null,
  ...overrides,
});

function start(loadAccess: () => Promise<Access> = () => Promise.resolve(ADMIN)) {
  let calls = 0;
  const machine = routeGuard.provide({
    actors: {
      loadAccess: fromPromise<Access>(() => {
        calls++;
        return loadAccess();
      }),
    },
  });
  const actor = createActor(machine).start();
  const decide = async (event: RouteGuardEvent) => {
    actor.send(event);
    await flush();
    return guardDecision(actor.getSnapshot());
  };
  return { actor, decide, calls: () => calls };
}

beforeEach(() => clearToken());

describe('route guard', () => {
  checks.it(
    routeGuard,
    ['isLoginPage', 'isSignedOut'],
    'shows the login page signed out, sends a signed-in visitor to the dashboard, and others to /login',
    async () => {
      const { decide, calls } = start();
      expect(await decide(navigate({ pathname: '/login', hasToken: false }))).toBe('allowed');
      expect(await decide(navigate({ pathname: '/login/', hasToken: true }))).toBe('toDashboard');
      expect(await decide(navigate({ hasToken: false }))).toBe('toLogin');
      expect(calls()).toBe(0);
    },
  );

  checks.it(
    routeGuard,
    ['isOpenToSignedInUsers'],
    'opens the dashboard and the not-found page to any signed-in visitor without asking the server',
    async () => {
      const { decide, calls } = start();
      expect(await decide(navigate({ pathname: '/dashboard', features: [] }))).toBe('allowed');
      const unknown = navigate({ pathname: '/nowhere', routeFound: false, features: [] });
      expect(await decide(unknown)).toBe('allowed');
      expect(calls()).toBe(0);
    },
  );

  checks.it(
    routeGuard,
    ['hasStoredAccessOnFirstNavigation', 'useStoredAccess', 'isDenied'],
    'decides a page load from the stored user: a viewer gets the not-found page, an admin the page',
    async () => {
      const { decide, calls } = start();
      const load = (storedAccess: Access) => navigate({ isFirstNavigation: true, storedAccess });
      expect(await decide(load(VIEWER))).toBe('notFound');
      expect(await decide(load(ADMIN))).toBe('allowed');
      expect(calls()).toBe(0);
    },
  );

  checks.it(
    routeGuard,
    ['assignAccess', 'isDenied'],
    "asks the server on a later navigation: an admin's disabled feature gets the not-found page",
    async () => {
      const answers = [NO_USERS, ADMIN];
      const { actor, decide, calls } = start(() => Promise.resolve(answers.shift() ?? ADMIN));
      actor.send(navigate({ storedAccess: ADMIN }));
      expect(guardDecision(actor.getSnapshot())).toBeNull();
      await flush();
      expect(guardDecision(actor.getSnapshot())).toBe('notFound');
      expect(await decide(navigate())).toBe('allowed');
      expect(calls()).toBe(2);
    },
  );

  checks.it(
    routeGuard,
    ['isMaintenance'],
    'shows the maintenance page on a 503, and the page itself when the server cannot say',
    async () => {
      const unavailable = new ApiFailure({ kind: 'unavailable', message: 'Maintenance' });
      expect(await start(() => Promise.reject(unavailable)).decide(navigate())).toBe('maintenance');
      const offline = new ApiFailure({ kind: 'network', message: 'offline' });
      expect(await start(() => Promise.reject(offline)).decide(navigate())).toBe('unverified');
    },
  );
});

checks.keep();
