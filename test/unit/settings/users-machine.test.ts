import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UsersData } from '../../../src/machines/users/users.actors';
import { createUsersMachine } from '../../../src/machines/users/users.machine';
import { makeFeatures } from '../../support/fixtures';
import { makeSettingsUser } from '../../support/settings-fixtures';
import { offlineClient } from '../../support/offline-client';

const ADA = makeSettingsUser('ada@acme.example', { role: 'admin' });
const MAX = makeSettingsUser('max@acme.example', { role: 'manager' });
const VERA = makeSettingsUser('vera@acme.example');
const DATA: UsersData = { users: [ADA, MAX, VERA], mailboxes: [], teams: [] };

function start() {
  const machine = createUsersMachine(offlineClient).provide({
    actors: { load: fromPromise(async () => DATA) },
  });
  const actor = createActor(machine, {
    input: { seed: DATA, maxUsers: 10, currentEmail: 'ADA@acme.example', features: makeFeatures() },
  }).start();
  const child = <K extends 'editor' | 'remover' | 'table'>(id: K) => {
    const ref = actor.getSnapshot().children[id];
    if (!ref) throw new Error(`no ${id}`);
    return ref;
  };
  return { actor, child };
}

describe('users machine', () => {
  it('never opens the editor or the remover for the signed-in user', () => {
    const { actor, child } = start();
    actor.send({ type: 'EDIT', user: ADA });
    actor.send({ type: 'REMOVE', users: [MAX, ADA] });
    expect(child('editor').getSnapshot().value).toBe('closed');
    expect(child('remover').getSnapshot().value).toBe('closed');
    actor.send({ type: 'EDIT', user: MAX });
    expect(child('editor').getSnapshot().context.draft).toMatchObject({
      editing: { id: MAX.id, email: MAX.email, role: 'manager' },
      emails: [MAX.email],
    });
  });

  it('opens Add new users with the workspace facts below the limit', () => {
    const { actor, child } = start();
    actor.send({ type: 'ADD' });
    const { draft } = child('editor').getSnapshot().context;
    expect(child('editor').getSnapshot().value).toBe('open');
    expect(draft.editing).toBeNull();
    expect([...draft.facts.existing]).toEqual([
      'ada@acme.example',
      'max@acme.example',
      'vera@acme.example',
    ]);
  });

  it('clears the selection after a removal, not after an edit', () => {
    const { actor, child } = start();
    child('table').send({ type: 'TOGGLE_ROW', key: MAX.email });
    actor.send({ type: 'MODAL_SAVED', modal: 'usersEditor' });
    expect(child('table').getSnapshot().context.selected.size).toBe(1);
    actor.send({ type: 'MODAL_SAVED', modal: 'removeUsers' });
    expect(child('table').getSnapshot().context.selected.size).toBe(0);
  });
});
