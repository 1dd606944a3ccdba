import { afterEach, describe, expect, vi } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  createModalSaveMachine,
  type SaveInput,
} from '../../src/machines/shared/modal-save.machine';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { transitionChecks } from './support/checks';

// Every modal that saves: what its user sees of a refused Save, a save that went (a toast, the
// modal closes, the parent reloads) and one that failed (the message in the modal, a toast for
// remove modals), and the confirm step some of them have.

interface NameDraft {
  name: string;
}

const checks = transitionChecks();
const failure = new ApiFailure({ kind: 'invalid', message: 'This team name already exists' });
const options = {
  id: 'modalSave',
  emptyDraft: { name: '' },
  save: fromPromise<void, SaveInput<NameDraft>>(() => Promise.resolve()),
  canSubmit: (draft: NameDraft) => draft.name.trim() !== '',
  successToast: (draft: NameDraft) => ({
    title: `${draft.name} saved`,
    variant: 'success' as const,
  }),
  failureToast: { title: 'Something went wrong', variant: 'error' as const },
};
const modalSave = createModalSaveMachine<NameDraft, void>(options);
const toastTitles = () => getToasts().map((item) => item.title);

afterEach(() => dismissAllToasts());

/** A modal without a parent: whatever it would tell its parent goes nowhere. */
function alone(save: () => Promise<void>) {
  const machine = modalSave.provide({
    actors: { save: fromPromise<void, SaveInput<NameDraft>>(save) },
    actions: { notifySaved: () => undefined },
  });
  return createActor(machine).start();
}

describe('modal save: Save', () => {
  checks.it(modalSave, ['canSubmit', 'assignDraft'], 'is refused while the name is blank', () => {
    const actor = alone(() => Promise.resolve());
    actor.send({ type: 'OPEN', draft: { name: ' ' } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'EDIT', draft: { name: 'Sales' } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  checks.it(
    modalSave,
    ['showSuccessToast'],
    'closes the modal with the success toast',
    async () => {
      const actor = alone(() => Promise.resolve());
      actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (snapshot) => snapshot.value === 'closed');
      expect(toastTitles()).toEqual(['Sales saved']);
    },
  );

  checks.it(
    modalSave,
    ['assignError', 'showFailureToast'],
    'a failure keeps the modal open with the server’s message, toasts, and clears on the next edit',
    async () => {
      const actor = alone(() => Promise.reject(failure));
      actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
      actor.send({ type: 'SUBMIT' });
      await waitFor(actor, (snapshot) => snapshot.value === 'open');
      expect(actor.getSnapshot().context.error).toBe('This team name already exists');
      expect(toastTitles()).toEqual(['Something went wrong']);
      actor.send({ type: 'EDIT', draft: { name: 'Sales 2' } });
      expect(actor.getSnapshot().context.error).toBeNull();
    },
  );
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

  checks.it(
    modalSave,
    [],
    'SUBMIT asks before saving, BACK returns to the form with the draft kept',
    () => {
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
    },
  );

  checks.it(
    modalSave,
    ['notifySaved'],
    'CONFIRM saves and tells the parent what the save returned',
    async () => {
      const { child, heard } = inParent(() => Promise.resolve('the lists'));
      child.send({ type: 'OPEN', draft: { name: 'Sales' } });
      child.send({ type: 'SUBMIT' });
      child.send({ type: 'CONFIRM' });
      await waitFor(child, (snapshot) => snapshot.value === 'closed');
      expect(heard).toEqual([{ type: 'MODAL_SAVED', modal: 'modalSave', output: 'the lists' }]);
    },
  );

  checks.it(
    modalSave,
    ['assignError'],
    'a failed save returns to the form with the message errorMessage gives',
    async () => {
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
    },
  );

  checks.it(modalSave, [], 'CLOSE while confirming drops the change', () => {
    const { child } = inParent(() => Promise.resolve('saved'));
    child.send({ type: 'OPEN', draft: { name: 'Sales' } });
    child.send({ type: 'SUBMIT' });
    child.send({ type: 'CLOSE' });
    expect(child.getSnapshot().value).toBe('closed');
  });

  checks.it(modalSave, [], 'without the option SUBMIT saves at once, as before', () => {
    const actor = createActor(
      modalSave.provide({
        actors: { save: fromPromise(() => new Promise<void>(() => undefined)) },
      }),
    ).start();
    actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('saving');
  });
});

checks.keep();
