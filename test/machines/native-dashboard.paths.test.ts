import type { DashboardFilters } from '../../src/api/types';
import { describe } from 'vitest';
import { ApiFailure } from '../../src/api/errors';
import type {
  Figures,
  FiguresInput,
} from '../../src/machines/native-dashboard/native-dashboard.actors';
import {
  nativeDashboardMachine,
  type NativeDashboardEvent,
} from '../../src/machines/native-dashboard/native-dashboard.machine';
import { choices, makeFigures, makeRequest } from '../support/native-dashboard-fixtures';
import {
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const request = makeRequest('2026-02-01', '2026-02-28');
const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });

const start = startWithStandIns((actors) =>
  nativeDashboardMachine.provide({
    actors: {
      loadChoices: actors.promise<DashboardFilters>('loadChoices'),
      loadFigures: actors.promise<Figures, FiguresInput>('loadFigures'),
    },
  }),
);

const executors = { REQUEST: send, RETRY: send } satisfies Executors<
  { send(event: NativeDashboardEvent): void },
  NativeDashboardEvent
>;

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
