import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { describeNamed } from '../shared/describe-named';
import { contactGroupsSetup } from './contact-groups.setup';

/**
 * The contact groups page: the two panels in `ready`, each list a `table` machine (`groups`,
 * `contacts`: sorting and ticking are theirs), and two modal-save children: `groupForm` (add
 * group, add contacts, rename; it asks to confirm first) and `removal`. Every write re-reads
 * the groups, chooses a group afresh and clears the selection.
 */
export function createContactGroupsMachine(client: ApiClient) {
  const groupsSetup = contactGroupsSetup(client);
  return groupsSetup.createMachine({
    id: 'contactGroups',
    description:
      "The contact groups page: groups of customer addresses and domains on the left, the chosen group's contacts on the right, with adding, renaming and removing.",
    meta: describeNamed(groupsSetup, {
      guards: {
        hasGroups: 'The workspace has at least one contact group',
        hasSelectedGroup: 'A group is chosen, so contacts can be added to it',
      },
      actions: {
        assignGroups:
          'Keeps the groups and chooses one: the one shown if it is still there, else the first in the list',
        assignAfterWrite: 'Keeps the groups a save returned and chooses the group written to',
        showGroups: 'Puts the groups into the left-hand table',
        sortGroups: 'Sorts the groups by name (the first time ascending, then each click turns it)',
        sortContacts: 'Sorts the contacts (the first time ascending, then each click turns it)',
        selectGroup: 'Chooses the clicked group, whose contacts then load',
        assignContacts: "Keeps the chosen group's contacts",
        showContacts: 'Puts the contacts into the right-hand table',
        clearSelection: 'Unticks every contact',
        toggleContact: 'Ticks or unticks one contact',
        toggleAll: 'Ticks every contact, or unticks them all when all are ticked',
        openForm:
          'Opens the group form: add a group, add contacts to the chosen group, or rename one',
        openGroupRemoval: 'Opens the remove modal for a whole group, with its number of contacts',
        openContactsRemoval:
          'Opens the remove modal for the ticked contacts (all of them removes the group)',
      },
    }),
    context: { groups: [], selected: null, contacts: [] },
    invoke: [
      { id: 'groups', src: 'table' },
      { id: 'contacts', src: 'table' },
      { id: 'groupForm', src: 'groupForm' },
      { id: 'removal', src: 'removal' },
    ],
    initial: 'starting',
    states: {
      /** Both lists start sorted ascending, as the panels' headers say (once: not on RETRY). */
      starting: {
        description: "Sorting both lists ascending, as the panels' headers say",
        always: { target: 'loading', actions: ['sortGroups', 'sortContacts'] },
      },
      loading: {
        description: 'Loading the contact groups',
        invoke: {
          id: 'loadGroups',
          src: 'loadGroups',
          onDone: {
            target: 'ready',
            actions: [
              { type: 'assignGroups', params: ({ event }) => ({ groups: event.output }) },
              'showGroups',
            ],
          },
          onError: 'failed',
        },
      },
      failed: {
        description: 'The groups could not be loaded; the page offers a retry',
        on: { RETRY: 'loading' },
      },
      ready: {
        description: 'The two panels, and the group form and remove modal they open',
        initial: 'checking',
        on: {
          SORT_GROUPS: { actions: 'sortGroups' },
          // A write returns to the lists, selecting and loading afresh.
          MODAL_SAVED: {
            target: '.checking',
            actions: [
              { type: 'assignAfterWrite', params: ({ event }) => ({ result: event.output }) },
              'showGroups',
              'clearSelection',
            ],
          },
          OPEN_ADD_GROUP: { actions: { type: 'openForm', params: { action: 'AddContactGroup' } } },
          OPEN_ADD_CONTACTS: {
            guard: 'hasSelectedGroup',
            actions: {
              type: 'openForm',
              params: ({ context }) => ({
                action: 'AddContact',
                target: context.selected,
                present: context.contacts.map((contact) => contact.item),
              }),
            },
          },
          OPEN_RENAME: {
            actions: {
              type: 'openForm',
              params: ({ event }) => ({
                action: 'RenameContactGroup',
                target: event.name,
                name: event.name,
              }),
            },
          },
          OPEN_REMOVE_GROUP: { actions: 'openGroupRemoval' },
          OPEN_REMOVE_CONTACTS: { actions: 'openContactsRemoval' },
        },
        states: {
          checking: {
            description: 'Checking whether there is any group (again after each write)',
            always: [{ guard: 'hasGroups', target: 'group' }, { target: 'empty' }],
          },
          empty: {
            description: 'No groups yet: Organize your contacts in groups, with Create group',
          },
          group: {
            description: 'A group is chosen and its contacts show beside the list',
            initial: 'loadingContacts',
            on: {
              SELECT_GROUP: {
                target: '.loadingContacts',
                reenter: true,
                actions: ['selectGroup', 'showContacts', 'clearSelection'],
              },
            },
            states: {
              loadingContacts: {
                description: "Loading the chosen group's contacts",
                invoke: {
                  id: 'loadContacts',
                  src: 'loadContacts',
                  input: ({ context }) => ({ group: context.selected ?? '' }),
                  onDone: {
                    target: 'contactsReady',
                    actions: [
                      {
                        type: 'assignContacts',
                        params: ({ event }) => ({ contacts: event.output }),
                      },
                      'showContacts',
                    ],
                  },
                  onError: 'contactsFailed',
                },
              },
              contactsReady: {
                description: 'The contacts show; they can be sorted and ticked for removal',
                on: {
                  SORT_CONTACTS: { actions: 'sortContacts' },
                  TOGGLE_CONTACT: { actions: 'toggleContact' },
                  TOGGLE_ALL: { actions: 'toggleAll' },
                },
              },
              contactsFailed: {
                description: 'The contacts could not be loaded; the panel offers a retry',
                on: { RETRY_CONTACTS: 'loadingContacts' },
              },
            },
          },
        },
      },
    },
  });
}

export type ContactGroupsMachine = ReturnType<typeof createContactGroupsMachine>;
export type ContactGroupsActor = ActorRefFrom<ContactGroupsMachine>;
type ContactGroupsChildren = SnapshotFrom<ContactGroupsMachine>['children'];
export type GroupFormActor = NonNullable<ContactGroupsChildren['groupForm']>;
export type RemovalActor = NonNullable<ContactGroupsChildren['removal']>;
