import type { StatsUnrepliedPage } from '../../src/api/types';
import { describe } from 'vitest';
import { ApiFailure } from '../../src/api/errors';
import type { UnrepliedRequest } from '../../src/machines/native-dashboard/native-dashboard.actors';
import {
  createUnrepliedMachine,
  type UnrepliedEvent,
} from '../../src/machines/native-dashboard/unreplied.machine';
import { makeRequest, unrepliedPage } from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';
import {
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });

const start = startWithStandIns((actors) =>
  createUnrepliedMachine(offlineClient).provide({
    actors: {
      loadUnreplied: actors.promise<StatsUnrepliedPage, UnrepliedRequest>('loadUnreplied'),
    },
  }),
);

const executors = { SHOW: send, PAGE: send, RETRY: send, RELOAD: send } satisfies Executors<
  { send(event: UnrepliedEvent): void },
  UnrepliedEvent
>;

describe('unreplied list machine paths', () => {
  describePathTests({
    machine: createUnrepliedMachine(offlineClient),
    events: [
      { type: 'SHOW', query: makeRequest('2026-02-01', '2026-02-28').query },
      { type: 'PAGE', page: 2 },
      { type: 'RETRY' },
      { type: 'RELOAD' },
      { type: 'xstate.done.actor.loadUnreplied', output: unrepliedPage },
      { type: 'xstate.error.actor.loadUnreplied', error: failure },
    ],
    start,
    executors,
  });
});
