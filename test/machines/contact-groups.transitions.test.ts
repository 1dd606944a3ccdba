import type { Contact, ContactGroup } from '../../src/api/types';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AfterWrite, GroupRemoval } from '../../src/machines/contact-groups.actors';
import { contactGroupsMachine } from '../../src/machines/contact-groups.machine';
import { selectedKeys } from '../../src/machines/table.machine';
import { tableSort } from '../../src/machines/table.view';

// Path tests prove states are reachable; these check what the panels show after one event:
// the order of each list, which group is chosen and which contacts are ticked.

const group = (name: string, count: number): ContactGroup => ({
  contact_group: name,
  contacts_number: count,
});
const GROUPS = [group('partners', 1), group('Key accounts', 2), group('Suppliers', 1)];
const CONTACTS: Contact[] = [
  { id: 1, item: 'initech.example' },
  { id: 2, item: 'ceo@bigclient.example' },
];

async function start(removed: AfterWrite = { groups: GROUPS, select: null }) {
  const machine = contactGroupsMachine.provide({
    actors: {
      loadGroups: fromPromise<ContactGroup[]>(() => Promise.resolve(GROUPS)),
      loadContacts: fromPromise<Contact[], { group: string }>(() => Promise.resolve(CONTACTS)),
      removeFromGroup: fromPromise<AfterWrite, GroupRemoval>(() => Promise.resolve(removed)),
    },
    actions: { notifyRemoved: () => undefined },
  });
  const actor = createActor(machine).start();
  await waitFor(actor, (snapshot) =>
    snapshot.matches({ ready: { list: { group: 'contactsReady' } } }),
  );
  return actor;
}

type Started = Awaited<ReturnType<typeof start>>;
const groupsTable = (actor: Started) => actor.getSnapshot().children.groups?.getSnapshot();
const contactsTable = (actor: Started) => actor.getSnapshot().children.contacts?.getSnapshot();
const groupOrder = (actor: Started) => groupsTable(actor)?.context.visible;
const contactOrder = (actor: Started) => contactsTable(actor)?.context.visible;
const ticked = (actor: Started) => {
  const table = contactsTable(actor);
  return table ? selectedKeys(table.context) : [];
};

describe('contact groups: the lists', () => {
  it('start sorted ascending, ignoring case, and choose the first group', async () => {
    const actor = await start();
    expect(groupOrder(actor)).toEqual(['Key accounts', 'partners', 'Suppliers']);
    expect(contactOrder(actor)).toEqual(['2', '1']);
    expect(actor.getSnapshot().context.selected).toBe('Key accounts');
    const groups = groupsTable(actor);
    expect(groups && tableSort(groups)).toEqual({ column: 'name', direction: 'ascending' });
  });

  it('SORT_GROUPS reverses the groups, and again restores them; the chosen group stays', async () => {
    const actor = await start();
    actor.send({ type: 'SORT_GROUPS' });
    expect(groupOrder(actor)).toEqual(['Suppliers', 'partners', 'Key accounts']);
    actor.send({ type: 'SORT_GROUPS' });
    expect(groupOrder(actor)).toEqual(['Key accounts', 'partners', 'Suppliers']);
    expect(actor.getSnapshot().context.selected).toBe('Key accounts');
  });

  it('SORT_CONTACTS reverses the contacts', async () => {
    const actor = await start();
    actor.send({ type: 'SORT_CONTACTS' });
    expect(contactOrder(actor)).toEqual(['1', '2']);
  });

  it('TOGGLE_ALL ticks every contact, then none; choosing another group clears the ticks', async () => {
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
  });

  it('a removal clears the ticks and, the group gone, chooses the first in the reversed order', async () => {
    const left = [group('partners', 1), group('Suppliers', 1)];
    const actor = await start({ groups: left, select: null });
    actor.send({ type: 'SORT_GROUPS' });
    actor.send({ type: 'TOGGLE_CONTACT', id: 1 });
    actor.send({ type: 'OPEN_REMOVE_CONTACTS', ids: [1, 2] });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { modal: 'closed' } }));
    expect(ticked(actor)).toEqual([]);
    expect(groupOrder(actor)).toEqual(['Suppliers', 'partners']);
    expect(actor.getSnapshot().context.selected).toBe('Suppliers');
  });
});
