import type { Contact, ContactGroup } from '../../../src/api/types';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createContactGroupsMachine } from '../../../src/machines/contact-groups/contact-groups.machine';
import { offlineClient } from '../../support/offline-client';

// The contact groups machine as its transition tests drive it
// (contact-groups.modals.transitions.test.ts, contact-groups.panels.transitions.test.ts).

export const contactGroups = createContactGroupsMachine(offlineClient);

export const group = (name: string, count: number): ContactGroup => ({
  contact_group: name,
  contacts_number: count,
});
export const GROUPS = [group('partners', 1), group('Key accounts', 2), group('Suppliers', 1)];
export const CONTACTS: Contact[] = [
  { id: 1, item: 'initech.example' },
  { id: 2, item: 'ceo@bigclient.example' },
];

/** The machine once it shows GROUPS and the first group's CONTACTS. */
export async function startContactGroups() {
  const machine = createContactGroupsMachine(offlineClient).provide({
    actors: {
      loadGroups: fromPromise<ContactGroup[]>(() => Promise.resolve(GROUPS)),
      loadContacts: fromPromise<Contact[], { group: string }>(() => Promise.resolve(CONTACTS)),
    },
  });
  const actor = createActor(machine).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ ready: { group: 'contactsReady' } }));
  return actor;
}

export type ContactGroupsActor = Awaited<ReturnType<typeof startContactGroups>>;
