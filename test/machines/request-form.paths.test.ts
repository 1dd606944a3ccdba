import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { SupportRequest } from '../../src/machines/request-form/request-form.actors';
import {
  createRequestFormMachine,
  type RequestFormEvent,
  type RequestFormInput,
} from '../../src/machines/request-form/request-form.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type RequestFormTestActor = ReturnType<typeof start>['actor'];

const input: RequestFormInput = { kind: 'feedback' };

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createRequestFormMachine(offlineClient).provide({
    actors: { sendRequest: actors.promise<void, SupportRequest>('sendRequest') },
    actions: { notifySent: () => undefined, notifyFailed: () => undefined },
  });
  return { actor: createActor(machine, { clock, input }).start(), actors, clock };
}

const executors = {
  SET_TYPE: (actor, event) => actor.send(event),
  SET_CONTENT: (actor, event) => actor.send(event),
  SUBMIT: (actor, event) => actor.send(event),
} satisfies Executors<RequestFormTestActor, RequestFormEvent>;

describe('feedback and integration request machine paths', () => {
  describePathTests({
    machine: createRequestFormMachine(offlineClient),
    input,
    events: [
      { type: 'SET_TYPE', feedbackType: 'Bug' },
      // Five characters are not enough; six are (the specification's limits: longer than 5).
      { type: 'SET_CONTENT', content: ' great ' },
      { type: 'SET_CONTENT', content: 'great!' },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.sendRequest' },
      {
        type: 'xstate.error.actor.sendRequest',
        error: new ApiFailure({ kind: 'network', message: 'offline' }),
      },
    ],
    label: (event) =>
      'content' in event ? `${event.type} "${String(event.content)}"` : event.type,
    start,
    executors,
  });
});
