import type { Contact, ContactGroup } from '@/api/types';
import { assertEvent, assign, sendTo, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  createContactGroupsActors,
  type AfterWrite,
  type GroupFormAction,
} from './contact-groups.actors';
import {
  EMPTY_GROUP_DRAFT,
  EMPTY_REMOVAL_DRAFT,
  isDraftValid,
  type GroupDraft,
  type RemovalDraft,
} from './contact-groups.draft';
import {
  CONTACT_COLUMN,
  contactRow,
  GROUP_COLUMN,
  groupRow,
  groupsTable,
  selectionAfter,
} from './contact-groups.rows';
import { createModalSaveMachine, type ModalSavedEvent } from '../shared/modal-save.machine';
import { failureMessage, savedToast } from '../shared/save-toasts';
import { tableMachine } from '../shared/table.machine';

interface ContactGroupsContext {
  /** The groups as the server lists them; their order and the sort are the `groups` table's. */
  groups: ContactGroup[];
  /** The group whose contacts the right panel shows. */
  selected: string | null;
  /** The chosen group's contacts; their order and which are ticked are the `contacts` table's. */
  contacts: Contact[];
}

export type ContactGroupsEvent =
  | { type: 'RETRY' }
  | { type: 'SORT_GROUPS' }
  | { type: 'SELECT_GROUP'; name: string }
  | { type: 'RETRY_CONTACTS' }
  | { type: 'SORT_CONTACTS' }
  | { type: 'TOGGLE_CONTACT'; id: number }
  | { type: 'TOGGLE_ALL' }
  | { type: 'OPEN_ADD_GROUP' }
  | { type: 'OPEN_ADD_CONTACTS' }
  | { type: 'OPEN_RENAME'; name: string }
  | { type: 'OPEN_REMOVE_GROUP'; name: string }
  | { type: 'OPEN_REMOVE_CONTACTS'; ids: number[] }
  /** The form or the removal saved: the lists as the server has them now. */
  | ModalSavedEvent<AfterWrite>;

const SAVED_TOASTS: Record<GroupFormAction, string> = {
  AddContactGroup: 'New contact group created',
  AddContact: 'Contacts added',
  RenameContactGroup: 'Contact group renamed',
};
const REMOVED_TOASTS = { contacts: 'Contacts removed', group: 'Contact group removed' };

/** The two modals, each a modal-save machine: the form asks to confirm first. */
function createModals(actors: ReturnType<typeof createContactGroupsActors>) {
  return {
    groupForm: createModalSaveMachine<GroupDraft, AfterWrite>({
      id: 'groupForm',
      emptyDraft: EMPTY_GROUP_DRAFT,
      save: actors.saveGroupChange,
      canSubmit: isDraftValid,
      successToast: (draft) => savedToast(SAVED_TOASTS[draft.action]),
      confirm: true,
      errorMessage: failureMessage,
    }),
    removal: createModalSaveMachine<RemovalDraft, AfterWrite>({
      id: 'removal',
      emptyDraft: EMPTY_REMOVAL_DRAFT,
      save: actors.removeFromGroup,
      canSubmit: () => true,
      successToast: (draft) => savedToast(REMOVED_TOASTS[draft.kind]),
      failureToast: { title: 'Something went wrong', variant: 'error' },
    }),
  };
}

const formDraft = (context: ContactGroupsContext, draft: Partial<GroupDraft>): GroupDraft => ({
  ...EMPTY_GROUP_DRAFT,
  taken: context.groups.map((group) => group.contact_group),
  ...draft,
});

// Removing every contact of the group removes the group: its modal opens, with the flag.
function contactsRemoval(context: ContactGroupsContext, ids: number[]): RemovalDraft {
  const all = context.contacts.every((contact) => ids.includes(contact.id));
  const only = ids.length === 1 ? context.contacts.find((c) => c.id === ids[0]) : undefined;
  return {
    kind: all ? 'group' : 'contacts',
    group: context.selected ?? '',
    ids,
    all,
    count: ids.length,
    item: only?.item ?? null,
  };
}

/** The contact groups page's types, guards and actions; the machine is in contact-groups.machine.ts. */
export function contactGroupsSetup(client: ApiClient) {
  const actors = createContactGroupsActors(client);
  return setup({
    types: {
      context: {} as ContactGroupsContext,
      events: {} as ContactGroupsEvent,
      children: {} as {
        groups: 'table';
        contacts: 'table';
        groupForm: 'groupForm';
        removal: 'removal';
      },
    },
    actors: {
      loadGroups: actors.loadGroups,
      loadContacts: actors.loadContacts,
      table: tableMachine,
      ...createModals(actors),
    },
    guards: {
      hasGroups: ({ context }) => context.groups.length > 0,
      hasSelectedGroup: ({ context }) => context.selected !== null,
    },
    actions: {
      assignGroups: assign(({ context, self }, params: { groups: ContactGroup[] }) => ({
        groups: params.groups,
        selected: selectionAfter(params.groups, groupsTable(self), context.selected),
      })),
      assignAfterWrite: assign(({ context, self }, params: { result: AfterWrite | undefined }) =>
        params.result
          ? {
              groups: params.result.groups,
              // The group written to, else the one shown, else (when it is gone) the first.
              selected: selectionAfter(
                params.result.groups,
                groupsTable(self),
                params.result.select ?? context.selected,
              ),
            }
          : {},
      ),
      showGroups: sendTo('groups', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.groups.map(groupRow),
      })),
      sortGroups: sendTo('groups', { type: 'SORT' as const, column: GROUP_COLUMN }),
      sortContacts: sendTo('contacts', { type: 'SORT' as const, column: CONTACT_COLUMN }),
      selectGroup: assign({
        selected: ({ event }) => {
          assertEvent(event, 'SELECT_GROUP');
          return event.name;
        },
        contacts: [],
      }),
      assignContacts: assign((_, params: { contacts: Contact[] }) => ({
        contacts: params.contacts,
      })),
      showContacts: sendTo('contacts', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.contacts.map(contactRow),
      })),
      clearSelection: sendTo('contacts', { type: 'CLEAR_SELECTION' as const }),
      toggleContact: sendTo('contacts', ({ event }) => {
        assertEvent(event, 'TOGGLE_CONTACT');
        return { type: 'TOGGLE_ROW' as const, key: String(event.id) };
      }),
      toggleAll: sendTo('contacts', { type: 'TOGGLE_ALL' as const }),
      openForm: sendTo('groupForm', ({ context }, params: Partial<GroupDraft>) => ({
        type: 'OPEN' as const,
        draft: formDraft(context, params),
      })),
      openGroupRemoval: sendTo('removal', ({ context, event }) => {
        assertEvent(event, 'OPEN_REMOVE_GROUP');
        const group = context.groups.find((g) => g.contact_group === event.name);
        const draft: RemovalDraft = {
          ...EMPTY_REMOVAL_DRAFT,
          kind: 'group',
          group: event.name,
          count: group?.contacts_number ?? 0,
        };
        return { type: 'OPEN' as const, draft };
      }),
      openContactsRemoval: sendTo('removal', ({ context, event }) => {
        assertEvent(event, 'OPEN_REMOVE_CONTACTS');
        return { type: 'OPEN' as const, draft: contactsRemoval(context, event.ids) };
      }),
    },
  });
}
