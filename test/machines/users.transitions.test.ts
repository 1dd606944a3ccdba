import { describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UsersData } from '../../src/machines/users/users.actors';
import { createUsersMachine } from '../../src/machines/users/users.machine';
import { usersView } from '../../src/machines/users/users.view';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { makeMailbox, makeSettingsUser } from '../support/settings-fixtures';
import { transitionChecks } from './support/checks';

// The users tab beyond the list-tab states (list-tab.transitions.test.ts) and the user limit
// (limits.transitions.test.ts): what Edit and Remove open, and that no one edits or removes
// themself.

const checks = transitionChecks();
const users = createUsersMachine(offlineClient);
const ADA = makeSettingsUser('ada@acme.example', { role: 'admin', full_name: 'Ada Admin' });
const MAX = makeSettingsUser('max@acme.example', {
  role: 'manager',
  full_name: '',
  can_see_data_for: { mailboxes: ['sales@acme.example'], teams: [3] },
});

function start() {
  const data: UsersData = {
    users: [ADA, MAX],
    mailboxes: [makeMailbox('sales@acme.example')],
    teams: [],
  };
  const machine = users.provide({
    actors: {
      load: fromPromise<UsersData, { features: Features }>(() => new Promise(() => undefined)),
    },
  });
  const actor = createActor(machine, {
    input: { seed: data, features: makeFeatures(), maxUsers: 10, currentEmail: 'ADA@acme.example' },
  }).start();
  const view = () => usersView(actor.getSnapshot());
  return { actor, view };
}

describe('users: Edit and Remove', () => {
  checks.it(
    users,
    ['isOwnUser', 'openEditor'],
    "Edit opens another user's role and grants, with the addresses already taken",
    () => {
      const { actor, view } = start();
      actor.send({ type: 'EDIT', user: MAX });
      const editor = view().editor?.getSnapshot();
      expect(editor?.hasTag('visible')).toBe(true);
      expect(editor?.context.draft).toMatchObject({
        editing: { id: MAX.id, email: MAX.email, role: 'manager' },
        emails: [MAX.email],
        role: 'manager',
        mailboxes: ['sales@acme.example'],
        teams: [3],
        facts: { existing: new Set([ADA.email, MAX.email]), maxUsers: 10 },
      });
    },
  );

  checks.it(
    users,
    ['isOwnUser'],
    'opens nothing to edit or remove the signed-in user, whatever the case of the address',
    () => {
      const { actor, view } = start();
      actor.send({ type: 'EDIT', user: ADA });
      actor.send({ type: 'REMOVE', users: [MAX, ADA] });
      expect(view().editor?.getSnapshot().hasTag('visible')).toBe(false);
      expect(view().remover?.getSnapshot().hasTag('visible')).toBe(false);
    },
  );

  checks.it(
    users,
    ['isOwnUser', 'openRemover'],
    'Remove asks about the ticked users by name, or by address when they have none',
    () => {
      const { actor, view } = start();
      actor.send({ type: 'REMOVE', users: [MAX] });
      const remover = view().remover?.getSnapshot();
      expect(remover?.hasTag('visible')).toBe(true);
      expect(remover?.context.draft).toEqual({ emails: [MAX.email], names: [MAX.email] });
    },
  );
});

checks.keep();
