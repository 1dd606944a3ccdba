import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { ClosureInput } from '../../src/machines/mark-done/mark-done.actors';
import {
  createMarkDoneMachine,
  type MarkDoneEvent,
} from '../../src/machines/mark-done/mark-done.machine';
import { quietUnrepliedList } from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';
import {
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const failure = new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' });
const input = { list: createActor(quietUnrepliedList).start() };

const start = startWithStandIns(
  (actors) =>
    createMarkDoneMachine(offlineClient).provide({
      actors: {
        closeRequest: actors.promise<unknown, ClosureInput>('closeRequest'),
        reopenRequest: actors.promise<unknown, ClosureInput>('reopenRequest'),
      },
      actions: {
        showUndoToast: () => undefined,
        notifyReopened: () => undefined,
        notifyFailed: () => undefined,
      },
    }),
  input,
);

const executors = { MARK_DONE: send, UNDO: send } satisfies Executors<
  { send(event: MarkDoneEvent): void },
  MarkDoneEvent
>;

describe('mark as done machine paths', () => {
  describePathTests({
    machine: createMarkDoneMachine(offlineClient),
    input,
    events: [
      { type: 'MARK_DONE', id: '3-41' },
      { type: 'UNDO', id: '3-41' },
      { type: 'xstate.done.actor.closeRequest', output: undefined },
      { type: 'xstate.error.actor.closeRequest', error: failure },
      { type: 'xstate.done.actor.reopenRequest', output: undefined },
      { type: 'xstate.error.actor.reopenRequest', error: failure },
    ],
    start,
    executors,
  });
});
