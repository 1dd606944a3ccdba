import { contactGroupsSetup } from './contact-groups.setup';

// A write returns to the lists (selecting and loading afresh) and closes the modal.
const AFTER_WRITE = ['#contactGroups.ready.list.checking', '#contactGroups.ready.modal.closed'];

/**
 * The contact groups page: two panels in `ready.list`, and the modals in
 * `ready.modal`. Forms go editing → confirming (the confirm save modal) → saving; removals go
 * confirming → removing. Every write re-reads the groups and clears the selection. The two lists are
 * `table` machines (`groups`, `contacts`): sorting and ticking are theirs.
 */
export const contactGroupsMachine = contactGroupsSetup.createMachine({
  id: 'contactGroups',
  context: {
    groups: [],
    selected: null,
    contacts: [],
    formAction: 'AddContactGroup',
    draftName: '',
    draftItems: [],
    target: null,
    removeKind: 'contacts',
    removeIds: [],
    removeAll: false,
    error: null,
  },
  /** The panels' lists: their order, their sort and the ticked contacts. */
  invoke: [
    { id: 'groups', src: 'table' },
    { id: 'contacts', src: 'table' },
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
      type: 'parallel',
      states: {
        list: {
          initial: 'checking',
          on: { SORT_GROUPS: { actions: 'sortGroups' } },
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
        modal: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                OPEN_ADD_GROUP: {
                  target: 'form',
                  actions: {
                    type: 'openForm',
                    params: { action: 'AddContactGroup', target: null },
                  },
                },
                OPEN_ADD_CONTACTS: {
                  guard: 'hasSelectedGroup',
                  target: 'form',
                  actions: {
                    type: 'openForm',
                    params: ({ context }) => ({ action: 'AddContact', target: context.selected }),
                  },
                },
                OPEN_RENAME: {
                  target: 'form',
                  actions: {
                    type: 'openForm',
                    params: ({ event }) => ({
                      action: 'RenameContactGroup',
                      target: event.name,
                      name: event.name,
                    }),
                  },
                },
                OPEN_REMOVE_GROUP: { target: 'removal', actions: 'openGroupRemoval' },
                OPEN_REMOVE_CONTACTS: { target: 'removal', actions: 'openContactsRemoval' },
              },
            },
            form: {
              initial: 'editing',
              states: {
                editing: {
                  initial: 'checking',
                  on: {
                    SET_NAME: { target: '.checking', actions: 'setName' },
                    ADD_ITEMS: { target: '.checking', actions: 'addItems' },
                    REMOVE_ITEM: { target: '.checking', actions: 'removeItem' },
                    CLOSE: '#contactGroups.ready.modal.closed',
                  },
                  states: {
                    checking: {
                      always: [{ guard: 'isDraftValid', target: 'valid' }, { target: 'invalid' }],
                    },
                    invalid: {},
                    valid: { on: { SUBMIT: 'confirming' } },
                    /** The confirm save modal, with the form's action. */
                    confirming: {
                      on: { BACK: 'valid', CONFIRM: '#contactGroups.ready.modal.form.saving' },
                    },
                  },
                },
                saving: {
                  tags: 'saving',
                  invoke: {
                    id: 'saveGroupChange',
                    src: 'saveGroupChange',
                    input: ({ context }) => ({
                      action: context.formAction,
                      group: context.target ?? '',
                      name: context.draftName.trim(),
                      items: context.draftItems.map(({ item }) => item),
                    }),
                    onDone: {
                      target: AFTER_WRITE,
                      actions: [
                        {
                          type: 'assignAfterWrite',
                          params: ({ event }) => ({ result: event.output }),
                        },
                        'showGroups',
                        'clearSelection',
                        'notifySaved',
                      ],
                    },
                    onError: {
                      target: 'editing.valid',
                      actions: {
                        type: 'assignError',
                        params: ({ event }) => ({ error: event.error }),
                      },
                    },
                  },
                },
              },
            },
            removal: {
              initial: 'confirming',
              states: {
                confirming: {
                  on: { CONFIRM: 'removing', CLOSE: '#contactGroups.ready.modal.closed' },
                },
                removing: {
                  tags: 'saving',
                  invoke: {
                    id: 'removeFromGroup',
                    src: 'removeFromGroup',
                    input: ({ context }) => ({
                      kind: context.removeKind,
                      group: context.target ?? '',
                      ids: context.removeIds,
                    }),
                    onDone: {
                      target: AFTER_WRITE,
                      actions: [
                        {
                          type: 'assignAfterWrite',
                          params: ({ event }) => ({ result: event.output }),
                        },
                        'showGroups',
                        'clearSelection',
                        'notifyRemoved',
                      ],
                    },
                    onError: { target: 'confirming', actions: 'notifyRemoveFailed' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ContactGroupsMachine = typeof contactGroupsMachine;
