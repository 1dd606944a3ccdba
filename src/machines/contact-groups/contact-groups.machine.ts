import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { contactGroupsSetup } from './contact-groups.setup';

/**
 * The contact groups page: the two panels in `ready`, each list a `table` machine (`groups`,
 * `contacts`: sorting and ticking are theirs), and two modal-save children: `groupForm` (add
 * group, add contacts, rename; it asks to confirm first) and `removal`. Every write re-reads
 * the groups, chooses a group afresh and clears the selection.
 */
export function createContactGroupsMachine(client: ApiClient) {
  return contactGroupsSetup(client).createMachine({
    id: 'contactGroups',
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
        always: { target: 'loading', actions: ['sortGroups', 'sortContacts'] },
      },
      loading: {
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
        on: { RETRY: 'loading' },
      },
      ready: {
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
            always: [{ guard: 'hasGroups', target: 'group' }, { target: 'empty' }],
          },
          /** Organize your contacts in groups, with Create group. */
          empty: {},
          group: {
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
                on: {
                  SORT_CONTACTS: { actions: 'sortContacts' },
                  TOGGLE_CONTACT: { actions: 'toggleContact' },
                  TOGGLE_ALL: { actions: 'toggleAll' },
                },
              },
              contactsFailed: {
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
