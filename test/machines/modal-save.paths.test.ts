import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
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

describe('modal save machine with a confirm step', () => {
  /** The modal as a parent's child, the save answering `output`; the parent keeps what it heard. */
  function inParent(save: () => Promise<string>, errorMessage?: (error: unknown) => string) {
    const heard: unknown[] = [];
    const modal = createModalSaveMachine<NameDraft, string>({
      ...options,
      save: fromPromise<string, SaveInput<NameDraft>>(save),
      successToast: () => ({ title: 'Saved', variant: 'success' as const }),
      confirm: true,
      ...(errorMessage ? { errorMessage } : {}),
    });
    const parent = setup({
      types: { children: {} as { modal: 'modal' } },
      actors: { modal },
    }).createMachine({
      invoke: { id: 'modal', src: 'modal' },
      on: { MODAL_SAVED: { actions: ({ event }) => heard.push(event) } },
    });
    const actor = createActor(parent).start();
    const child = actor.getSnapshot().children.modal;
    if (!child) throw new Error('no modal');
    return { child, heard };
  }

  it('SUBMIT asks before saving, BACK returns to the form with the draft kept', () => {
    const save = vi.fn(() => Promise.resolve('saved'));
    const { child } = inParent(save);
    child.send({ type: 'OPEN', draft: { name: 'Sales' } });
    child.send({ type: 'SUBMIT' });
    expect(child.getSnapshot().value).toBe('confirming');
    expect(child.getSnapshot().hasTag('visible')).toBe(true);
    expect(save).not.toHaveBeenCalled();
    child.send({ type: 'BACK' });
    expect(child.getSnapshot().value).toBe('open');
    expect(child.getSnapshot().context.draft).toEqual({ name: 'Sales' });
  });

  it('CONFIRM saves and tells the parent what the save returned', async () => {
    const { child, heard } = inParent(() => Promise.resolve('the lists'));
    child.send({ type: 'OPEN', draft: { name: 'Sales' } });
    child.send({ type: 'SUBMIT' });
    child.send({ type: 'CONFIRM' });
    await waitFor(child, (snapshot) => snapshot.value === 'closed');
    expect(heard).toEqual([{ type: 'MODAL_SAVED', modal: 'modalSave', output: 'the lists' }]);
  });

  it('a failed save returns to the form with the message errorMessage gives', async () => {
    const { child, heard } = inParent(
      () => Promise.reject(failure),
      () => 'Please try again in a moment.',
    );
    child.send({ type: 'OPEN', draft: { name: 'Sales' } });
    child.send({ type: 'SUBMIT' });
    child.send({ type: 'CONFIRM' });
    await waitFor(child, (snapshot) => snapshot.value === 'open');
    expect(child.getSnapshot().context.error).toBe('Please try again in a moment.');
    expect(heard).toEqual([]);
  });

  it('CLOSE while confirming drops the change', () => {
    const { child } = inParent(() => Promise.resolve('saved'));
    child.send({ type: 'OPEN', draft: { name: 'Sales' } });
    child.send({ type: 'SUBMIT' });
    child.send({ type: 'CLOSE' });
    expect(child.getSnapshot().value).toBe('closed');
  });

  it('without the option SUBMIT saves at once, as before', () => {
    const { actor } = start();
    actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('saving');
  });
});
