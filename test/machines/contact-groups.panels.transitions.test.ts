import type { Contact, ContactGroup } from '../../src/api/types';
import { describe, expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AfterWrite } from '../../src/machines/contact-groups/contact-groups.actors';
import { createContactGroupsMachine } from '../../src/machines/contact-groups/contact-groups.machine';
import { contactGroupsView } from '../../src/machines/contact-groups/contact-groups.view';
import { selectedKeys, tableView } from '../../src/machines/shared/table.view';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';
import {
  CONTACTS,
  contactGroups,
  type ContactGroupsActor as Started,
  group,
  GROUPS,
  startContactGroups as start,
} from './support/contact-groups';

const checks = transitionChecks();

// Path tests prove states are reachable; these check what the panels show after one event:
// the order of each list, which group is chosen and which contacts are ticked. What the modals
// open on is in contact-groups.modals.transitions.test.ts.

const groupsTable = (actor: Started) => actor.getSnapshot().children.groups?.getSnapshot();
const contactsTable = (actor: Started) => actor.getSnapshot().children.contacts?.getSnapshot();
const groupOrder = (actor: Started) => groupsTable(actor)?.context.visible;
const contactOrder = (actor: Started) => contactsTable(actor)?.context.visible;
const ticked = (actor: Started) => {
  const table = contactsTable(actor);
  return table ? selectedKeys(table.context) : [];
};

describe('contact groups: the lists', () => {
  checks.it(
    contactGroups,
    ['sortGroups', 'sortContacts', 'hasGroups'],
    'start sorted ascending, ignoring case, and choose the first group',
    async () => {
      const actor = await start();
      expect(groupOrder(actor)).toEqual(['Key accounts', 'partners', 'Suppliers']);
      expect(contactOrder(actor)).toEqual(['2', '1']);
      expect(actor.getSnapshot().context.selected).toBe('Key accounts');
      const groups = groupsTable(actor);
      expect(groups && tableView(groups)).toMatchObject({
        sortColumn: 'name',
        sortDirection: 'ascending',
      });
    },
  );

  checks.it(
    contactGroups,
    ['sortGroups'],
    'SORT_GROUPS reverses the groups, and again restores them; the chosen group stays',
    async () => {
      const actor = await start();
      actor.send({ type: 'SORT_GROUPS' });
      expect(groupOrder(actor)).toEqual(['Suppliers', 'partners', 'Key accounts']);
      actor.send({ type: 'SORT_GROUPS' });
      expect(groupOrder(actor)).toEqual(['Key accounts', 'partners', 'Suppliers']);
      expect(actor.getSnapshot().context.selected).toBe('Key accounts');
    },
  );

  checks.it(contactGroups, ['sortContacts'], 'SORT_CONTACTS reverses the contacts', async () => {
    const actor = await start();
    actor.send({ type: 'SORT_CONTACTS' });
    expect(contactOrder(actor)).toEqual(['1', '2']);
  });

  checks.it(
    contactGroups,
    ['toggleAll', 'selectGroup', 'clearSelection'],
    'TOGGLE_ALL ticks every contact, then none; choosing another group clears the ticks',
    async () => {
      const actor = await start();
      actor.send({ type: 'TOGGLE_ALL' });
      expect(ticked(actor)).toEqual(['2', '1']);
      actor.send({ type: 'TOGGLE_ALL' });
      expect(ticked(actor)).toEqual([]);
      actor.send({ type: 'TOGGLE_CONTACT', id: 1 });
      expect(ticked(actor)).toEqual(['1']);
      actor.send({ type: 'SELECT_GROUP', name: 'Suppliers' });
      expect(ticked(actor)).toEqual([]);
      expect(contactOrder(actor)).toEqual([]);
    },
  );

  checks.it(
    contactGroups,
    ['assignAfterWrite', 'clearSelection'],
    'a removal clears the ticks and, the group gone, chooses the first in the reversed order',
    async () => {
      const left: AfterWrite = {
        groups: [group('partners', 1), group('Suppliers', 1)],
        select: null,
      };
      const actor = await start();
      actor.send({ type: 'SORT_GROUPS' });
      actor.send({ type: 'TOGGLE_CONTACT', id: 1 });
      actor.send({ type: 'MODAL_SAVED', modal: 'removal', output: left });
      expect(ticked(actor)).toEqual([]);
      expect(groupOrder(actor)).toEqual(['Suppliers', 'partners']);
      expect(actor.getSnapshot().context.selected).toBe('Suppliers');
    },
  );
});

describe('contact groups: loading the panels', () => {
  const SUPPLIERS: Contact[] = [{ id: 7, item: 'acme-parts.example' }];

  checks.it(
    contactGroups,
    ['assignGroups', 'showGroups'],
    'after a failed load, Try again lists the groups and chooses the first in order',
    async () => {
      let fail = true;
      const machine = createContactGroupsMachine(offlineClient).provide({
        actors: {
          loadGroups: fromPromise<ContactGroup[]>(() =>
            fail ? Promise.reject(new Error('offline')) : Promise.resolve(GROUPS),
          ),
          loadContacts: fromPromise<Contact[], { group: string }>(() => Promise.resolve([])),
        },
      });
      const actor = createActor(machine).start();
      await waitFor(actor, (snapshot) => snapshot.matches('failed'));
      expect(contactGroupsView(actor.getSnapshot())).toMatchObject({ status: 'failed' });
      expect(groupOrder(actor)).toEqual([]);
      fail = false;
      actor.send({ type: 'RETRY' });
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'group' }));
      expect(contactGroupsView(actor.getSnapshot())).toMatchObject({
        status: 'ready',
        empty: false,
        groups: GROUPS,
        selected: 'Key accounts',
      });
      expect(groupOrder(actor)).toEqual(['Key accounts', 'partners', 'Suppliers']);
    },
  );

  checks.it(
    contactGroups,
    ['assignContacts', 'showContacts'],
    'the chosen group’s contacts fill the right panel; another group’s replace them',
    async () => {
      const asked: string[] = [];
      const machine = createContactGroupsMachine(offlineClient).provide({
        actors: {
          loadGroups: fromPromise<ContactGroup[]>(() => Promise.resolve(GROUPS)),
          loadContacts: fromPromise<Contact[], { group: string }>(({ input }) => {
            asked.push(input.group);
            return Promise.resolve(input.group === 'Suppliers' ? SUPPLIERS : CONTACTS);
          }),
        },
      });
      const actor = createActor(machine).start();
      const shown = () => waitFor(actor, (s) => s.matches({ ready: { group: 'contactsReady' } }));
      await shown();
      expect(contactGroupsView(actor.getSnapshot())).toMatchObject({
        contacts: CONTACTS,
        contactsStatus: 'ready',
      });
      expect(contactOrder(actor)).toEqual(['2', '1']);
      actor.send({ type: 'SELECT_GROUP', name: 'Suppliers' });
      expect(contactGroupsView(actor.getSnapshot()).contactsStatus).toBe('loading');
      await shown();
      expect(asked).toEqual(['Key accounts', 'Suppliers']);
      expect(contactGroupsView(actor.getSnapshot()).contacts).toEqual(SUPPLIERS);
      expect(contactOrder(actor)).toEqual(['7']);
    },
  );

  checks.it(
    contactGroups,
    ['toggleContact'],
    'TOGGLE_CONTACT ticks a contact, and again unticks it, leaving the others as they are',
    async () => {
      const actor = await start();
      actor.send({ type: 'TOGGLE_CONTACT', id: 1 });
      actor.send({ type: 'TOGGLE_CONTACT', id: 2 });
      expect(ticked(actor)).toEqual(['2', '1']);
      actor.send({ type: 'TOGGLE_CONTACT', id: 1 });
      expect(ticked(actor)).toEqual(['2']);
    },
  );
});

checks.keep();
