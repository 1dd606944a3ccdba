import { describe, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  createModalSaveMachine,
  type ModalSaveEvent,
  type SaveInput,
} from '../../src/machines/modal-save.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';

interface NameDraft {
  name: string;
}

const appMachine = createModalSaveMachine<NameDraft, void>({
  id: 'nameEditor',
  emptyDraft: { name: '' },
  save: new ControlledActors().promise<void, SaveInput<NameDraft>>('save'),
  canSubmit: (draft) => draft.name.trim() !== '',
  successToast: (draft) => ({ title: `${draft.name} saved`, variant: 'success' }),
  failureToast: { title: 'Something went wrong', variant: 'error' },
});

// Without a parent, sendParent cannot even be resolved: the test's machine tells nobody.
const machine = appMachine.provide({ actions: { notifySaved: () => undefined } });

type ModalTestActor = ReturnType<typeof start>['actor'];

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const provided = machine.provide({
    actors: { save: actors.promise<void, SaveInput<NameDraft>>('save') },
    actions: { notifySaved: vi.fn<() => void>() },
  });
  return { actor: createActor(provided, { clock }).start(), actors, clock };
}

const executors = {
  OPEN: (actor, event) => actor.send(event),
  EDIT: (actor, event) => actor.send(event),
  SUBMIT: (actor, event) => actor.send(event),
  CLOSE: (actor, event) => actor.send(event),
} satisfies Executors<ModalTestActor, ModalSaveEvent<NameDraft>>;

describe('modal save machine paths', () => {
  describePathTests({
    machine,
    events: [
      { type: 'OPEN', draft: { name: 'Sales' } },
      { type: 'EDIT', draft: { name: 'Sales team' } },
      { type: 'SUBMIT' },
      { type: 'CLOSE' },
      { type: 'xstate.done.actor.save' },
      {
        type: 'xstate.error.actor.save',
        error: new ApiFailure({ kind: 'invalid', message: 'This team name already exists' }),
      },
    ],
    start,
    executors,
  });
});
