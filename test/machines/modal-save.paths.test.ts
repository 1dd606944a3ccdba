import { describe, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  createModalSaveMachine,
  type ModalSaveEvent,
  type SaveInput,
} from '../../src/machines/shared/modal-save.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';

interface NameDraft {
  name: string;
}

const options = {
  id: 'modalSave',
  emptyDraft: { name: '' },
  save: new ControlledActors().promise<void, SaveInput<NameDraft>>('save'),
  canSubmit: (draft: NameDraft) => draft.name.trim() !== '',
  successToast: (draft: NameDraft) => ({
    title: `${draft.name} saved`,
    variant: 'success' as const,
  }),
  failureToast: { title: 'Something went wrong', variant: 'error' },
} as const;
const appMachine = createModalSaveMachine<NameDraft, void>(options);
const confirmedMachine = createModalSaveMachine<NameDraft, void>({ ...options, confirm: true });

// Without a parent, sendParent cannot even be resolved: the test's machine tells nobody.
const machine = appMachine.provide({ actions: { notifySaved: () => undefined } });
const confirmed = confirmedMachine.provide({ actions: { notifySaved: () => undefined } });

type ModalTestActor = ReturnType<typeof start>['actor'];

function startWith(modal: typeof machine) {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const provided = modal.provide({
    actors: { save: actors.promise<void, SaveInput<NameDraft>>('save') },
    actions: { notifySaved: vi.fn<() => void>() },
  });
  return { actor: createActor(provided, { clock }).start(), actors, clock };
}
const start = () => startWith(machine);

const executors = {
  OPEN: (actor, event) => actor.send(event),
  EDIT: (actor, event) => actor.send(event),
  SUBMIT: (actor, event) => actor.send(event),
  CONFIRM: (actor, event) => actor.send(event),
  BACK: (actor, event) => actor.send(event),
  CLOSE: (actor, event) => actor.send(event),
} satisfies Executors<ModalTestActor, ModalSaveEvent<NameDraft>>;

const failure = new ApiFailure({ kind: 'invalid', message: 'This team name already exists' });

describe('modal save machine paths', () => {
  describePathTests({
    machine,
    events: [
      { type: 'OPEN', draft: { name: 'Sales' } },
      { type: 'EDIT', draft: { name: 'Sales team' } },
      { type: 'SUBMIT' },
      { type: 'CLOSE' },
      { type: 'xstate.done.actor.save' },
      { type: 'xstate.error.actor.save', error: failure },
    ],
    start,
    executors,
  });
});

describe('modal save machine with a confirm step, paths', () => {
  describePathTests({
    machine: confirmed,
    events: [
      { type: 'OPEN', draft: { name: 'Sales' } },
      { type: 'EDIT', draft: { name: 'Sales team' } },
      { type: 'SUBMIT' },
      { type: 'CONFIRM' },
      { type: 'BACK' },
      { type: 'CLOSE' },
      { type: 'xstate.done.actor.save' },
      { type: 'xstate.error.actor.save', error: failure },
    ],
    start: () => startWith(confirmed),
    executors,
  });
});
