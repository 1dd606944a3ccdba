import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import { createModalSaveMachine } from '../../../src/machines/shared/modal-save.machine';
import { dismissAllToasts, getToasts } from '../../../src/stores/toast-store';

afterEach(dismissAllToasts);

function start(save: () => Promise<void>, failureToast?: { title: string; variant: 'error' }) {
  const machine = createModalSaveMachine<{ name: string }, void>({
    id: 'nameEditor',
    emptyDraft: { name: '' },
    save: fromPromise(save),
    canSubmit: (draft) => draft.name !== '',
    successToast: (draft) => ({ title: `${draft.name} saved`, variant: 'success' }),
    failureToast,
  }).provide({ actions: { notifySaved: () => undefined } });
  return createActor(machine).start();
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('modal save machine', () => {
  it('refuses SUBMIT while the rules say no', () => {
    const actor = start(async () => undefined);
    actor.send({ type: 'OPEN', draft: { name: '' } });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'EDIT', draft: { name: 'Sales' } });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });

  it('closes and toasts on success', async () => {
    const actor = start(async () => undefined);
    actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settled();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(getToasts().map((toast) => toast.title)).toEqual(['Sales saved']);
  });

  it("keeps the modal open with the server's message on failure", async () => {
    const actor = start(async () => {
      throw new ApiFailure({ kind: 'invalid', message: 'This team name already exists' });
    });
    actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.error).toBe('This team name already exists');
    actor.send({ type: 'EDIT', draft: { name: 'Sales 2' } });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('says Something went wrong in a toast when asked to (remove modals)', async () => {
    const actor = start(
      async () => {
        throw new ApiFailure({ kind: 'network', message: 'offline' });
      },
      { title: 'Something went wrong', variant: 'error' },
    );
    actor.send({ type: 'OPEN', draft: { name: 'Sales' } });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(getToasts().map((toast) => toast.title)).toEqual(['Something went wrong']);
    expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
  });
});
