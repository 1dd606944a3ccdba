import type { Contact, ContactGroup } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { AfterWrite } from '../../src/machines/contact-groups/contact-groups.actors';
import { createContactGroupsMachine } from '../../src/machines/contact-groups/contact-groups.machine';
import type { ContactGroupsEvent } from '../../src/machines/contact-groups/contact-groups.setup';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type ContactGroupsTestActor = ReturnType<typeof start>['actor'];

const groups: ContactGroup[] = [
  { contact_group: 'Key accounts', contacts_number: 2 },
  { contact_group: 'Partners', contacts_number: 1 },
];
const contacts: Contact[] = [
  { id: 1, item: 'ceo@bigclient.example' },
  { id: 2, item: 'initech.example' },
];
const afterWrite: AfterWrite = { groups, select: 'Partners' };
const failure = new ApiFailure({
  kind: 'invalid',
  message: 'Please check that the name is not repeated',
});

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createContactGroupsMachine(offlineClient).provide({
    actors: {
      loadGroups: actors.promise<ContactGroup[]>('loadGroups'),
      loadContacts: actors.promise<Contact[], { group: string }>('loadContacts'),
    },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const send = (actor: ContactGroupsTestActor, event: ContactGroupsEvent) => actor.send(event);
const executors = {
  RETRY: send,
  SORT_GROUPS: send,
  SELECT_GROUP: send,
  RETRY_CONTACTS: send,
  SORT_CONTACTS: send,
  TOGGLE_CONTACT: send,
  TOGGLE_ALL: send,
  OPEN_ADD_GROUP: send,
  OPEN_ADD_CONTACTS: send,
  OPEN_RENAME: send,
  OPEN_REMOVE_GROUP: send,
  OPEN_REMOVE_CONTACTS: send,
  MODAL_SAVED: send,
} satisfies Executors<ContactGroupsTestActor, ContactGroupsEvent>;

describe('contact groups machine paths', () => {
  describePathTests({
    machine: createContactGroupsMachine(offlineClient),
    events: [
      { type: 'RETRY' },
      { type: 'SORT_GROUPS' },
      { type: 'SELECT_GROUP', name: 'Partners' },
      { type: 'RETRY_CONTACTS' },
      { type: 'SORT_CONTACTS' },
      { type: 'TOGGLE_CONTACT', id: 1 },
      { type: 'TOGGLE_ALL' },
      { type: 'OPEN_ADD_GROUP' },
      { type: 'OPEN_ADD_CONTACTS' },
      { type: 'OPEN_RENAME', name: 'Partners' },
      { type: 'OPEN_REMOVE_GROUP', name: 'Partners' },
      { type: 'OPEN_REMOVE_CONTACTS', ids: [1] },
      { type: 'MODAL_SAVED', modal: 'groupForm', output: afterWrite },
      { type: 'xstate.done.actor.loadGroups', output: groups },
      { type: 'xstate.done.actor.loadGroups', output: [] },
      { type: 'xstate.error.actor.loadGroups', error: failure },
      { type: 'xstate.done.actor.loadContacts', output: contacts },
      { type: 'xstate.error.actor.loadContacts', error: failure },
    ],
    start,
    executors,
  });
});
