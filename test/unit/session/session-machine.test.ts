import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import {
  MAX_AUTO_RETRIES,
  createSessionMachine,
} from '../../../src/machines/session/session.machine';
import type { UserInfo } from '../../../src/session/user-info';
import { offlineClient } from '../../support/offline-client';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session retries', () => {
  it('retries a failed user-info call a few times by itself, then waits for Refresh page', async () => {
    let calls = 0;
    const machine = createSessionMachine(offlineClient).provide({
      actors: {
        loadUserInfo: fromPromise<UserInfo>(async () => {
          calls += 1;
          throw new ApiFailure({ kind: 'network', message: 'offline' });
        }),
      },
    });
    const clock = new SimulatedClock();
    const session = createActor(machine, { clock }).start();
    session.send({ type: 'LOAD' });
    await flush();
    for (let retry = 0; retry < MAX_AUTO_RETRIES + 2; retry += 1) {
      clock.increment(60_000);
      await flush();
    }
    expect(session.getSnapshot().value).toBe('failed');
    expect(calls).toBe(1 + MAX_AUTO_RETRIES);

    session.send({ type: 'RETRY' });
    await flush();
    expect(calls).toBe(2 + MAX_AUTO_RETRIES);
  });
});
