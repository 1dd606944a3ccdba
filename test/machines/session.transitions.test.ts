import { afterEach, describe, expect, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { readToken, storeToken } from '../../src/api/session-store';
import { ApiFailure } from '../../src/api/errors';
import { createSessionMachine, MAX_AUTO_RETRIES } from '../../src/machines/session/session.machine';
import type { UserInfo } from '../../src/session/user-info';
import { readStoredUserInfo } from '../../src/session/user-info-store';
import { makeUser } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';
import { ControlledActors } from './support/paths';

// What a signed-in user notices of the session: the maintenance page, the way back to /login
// with nothing of the session left, and the automatic retries after a failure (2 s, 4 s, 8 s).

const checks = transitionChecks();
const session = createSessionMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const failure = (kind: 'unavailable' | 'unauthorized' | 'network') =>
  new ApiFailure({ kind, message: kind });

afterEach(() => window.localStorage.clear());

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const goToLogin = vi.fn<() => void>();
  const machine = session.provide({
    actors: {
      loadUserInfo: actors.promise<UserInfo>('loadUserInfo'),
      expireToken: actors.promise<void>('expireToken'),
    },
    actions: { goToLogin },
  });
  const actor = createActor(machine, { clock }).start();
  actor.send({ type: 'LOAD' });
  const settle = async (event: Parameters<ControlledActors['settle']>[0]) => {
    actors.settle(event);
    await flush();
  };
  return { actor, clock, goToLogin, settle };
}

const loadFails = (kind: 'unavailable' | 'unauthorized' | 'network') => ({
  type: 'xstate.error.actor.loadUserInfo',
  error: failure(kind),
});

describe('session: loading the signed-in user', () => {
  checks.it(
    session,
    ['assignUser', 'storeUserInfo'],
    'keeps the user for the next page load',
    async () => {
      const { actor, settle } = start();
      const user = makeUser('manager');
      await settle({ type: 'xstate.done.actor.loadUserInfo', output: user });
      expect(actor.getSnapshot().context.user).toEqual(user);
      expect(readStoredUserInfo()).toEqual(user);
    },
  );

  checks.it(
    session,
    ['isMaintenance'],
    'a 503 shows the maintenance page, checked again a minute later',
    async () => {
      const { actor, clock, settle } = start();
      await settle(loadFails('unavailable'));
      expect(actor.getSnapshot().value).toBe('maintenance');
      clock.increment(59_999);
      expect(actor.getSnapshot().value).toBe('maintenance');
      clock.increment(1);
      expect(actor.getSnapshot().value).toBe('loading');
    },
  );

  checks.it(
    session,
    ['isUnauthorized', 'clearSession', 'goToLogin'],
    'a 401 forgets the token and the stored user and goes to /login',
    async () => {
      storeToken('abc');
      const { actor, goToLogin, settle } = start();
      await settle(loadFails('unauthorized'));
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(readToken()).toBeNull();
      expect(readStoredUserInfo()).toBeNull();
      expect(goToLogin).toHaveBeenCalledOnce();
    },
  );
});

describe('session: after a failure', () => {
  checks.it(
    session,
    ['canRetryAutomatically', 'countRetry'],
    `retries by itself after 2, 4 and 8 s, then waits for Try again (${MAX_AUTO_RETRIES} times)`,
    async () => {
      const { actor, clock, settle } = start();
      for (const delay of [2000, 4000, 8000]) {
        await settle(loadFails('network'));
        clock.increment(delay - 1);
        expect(actor.getSnapshot().value).toBe('failed');
        clock.increment(1);
        expect(actor.getSnapshot().value).toBe('loading');
      }
      await settle(loadFails('network'));
      clock.increment(60 * 60_000);
      expect(actor.getSnapshot().value).toBe('failed');
    },
  );

  checks.it(session, ['resetRetries'], 'Try again starts the automatic retries over', async () => {
    const { actor, clock, settle } = start();
    for (const delay of [2000, 4000, 8000]) {
      await settle(loadFails('network'));
      clock.increment(delay);
    }
    await settle(loadFails('network'));
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.retries).toBe(0);
    await settle(loadFails('network'));
    clock.increment(2000);
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

checks.keep();
