import { describe, expect } from 'vitest';
import { transitionChecks } from './support/checks';
import {
  contactGroups,
  type ContactGroupsActor as Started,
  startContactGroups as start,
} from './support/contact-groups';

const checks = transitionChecks();

// Path tests prove states are reachable; these check what the modals open on after one event:
// the form's draft and the removal's. The lists and their loading are in
// contact-groups.panels.transitions.test.ts.

const draftOf = (actor: Started, modal: 'groupForm' | 'removal') =>
  actor.getSnapshot().children[modal]?.getSnapshot().context.draft;
const isOpen = (actor: Started, modal: 'groupForm' | 'removal') =>
  actor.getSnapshot().children[modal]?.getSnapshot().hasTag('visible') === true;

describe('contact groups: the modals', () => {
  checks.it(
    contactGroups,
    ['hasSelectedGroup', 'openForm'],
    'OPEN_ADD_CONTACTS opens the form on the chosen group, its contacts to be dropped',
    async () => {
      const actor = await start();
      actor.send({ type: 'OPEN_ADD_CONTACTS' });
      expect(isOpen(actor, 'groupForm')).toBe(true);
      expect(draftOf(actor, 'groupForm')).toMatchObject({
        action: 'AddContact',
        target: 'Key accounts',
        present: ['initech.example', 'ceo@bigclient.example'],
      });
    },
  );

  checks.it(
    contactGroups,
    ['openForm'],
    'OPEN_RENAME opens the form with the name, every group name taken',
    async () => {
      const actor = await start();
      actor.send({ type: 'OPEN_RENAME', name: 'partners' });
      expect(draftOf(actor, 'groupForm')).toMatchObject({
        action: 'RenameContactGroup',
        target: 'partners',
        name: 'partners',
        taken: ['partners', 'Key accounts', 'Suppliers'],
      });
    },
  );

  checks.it(
    contactGroups,
    ['openContactsRemoval'],
    'OPEN_REMOVE_CONTACTS with every contact opens the remove group modal with the flag',
    async () => {
      const actor = await start();
      actor.send({ type: 'OPEN_REMOVE_CONTACTS', ids: [2, 1] });
      expect(isOpen(actor, 'removal')).toBe(true);
      expect(draftOf(actor, 'removal')).toMatchObject({ kind: 'group', all: true, ids: [2, 1] });
    },
  );

  checks.it(
    contactGroups,
    ['openContactsRemoval', 'openGroupRemoval'],
    'OPEN_REMOVE_CONTACTS with one contact names it; OPEN_REMOVE_GROUP counts the group',
    async () => {
      const actor = await start();
      actor.send({ type: 'OPEN_REMOVE_CONTACTS', ids: [1] });
      expect(draftOf(actor, 'removal')).toMatchObject({
        kind: 'contacts',
        group: 'Key accounts',
        item: 'initech.example',
      });
      actor.getSnapshot().children.removal?.send({ type: 'CLOSE' });
      actor.send({ type: 'OPEN_REMOVE_GROUP', name: 'Key accounts' });
      expect(draftOf(actor, 'removal')).toMatchObject({ kind: 'group', all: false, count: 2 });
    },
  );
});

checks.keep();
