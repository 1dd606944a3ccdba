import type { Contact, ContactGroup } from '@/api/types';
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { api } from '@/api/client';
import { addDraftItems, itemsProblem, nameProblem, type DraftItem } from '@/domain/contact-groups';
import { toast } from '@/stores/toast-store';
import {
  createContactGroupsActors,
  type AfterWrite,
  type GroupFormAction,
} from './contact-groups.actors';
import { failureMessage, toastSaved } from './save-toasts';
import { tableMachine, type TableSnapshot } from './table.machine';
import { orderRows, searchText, tableSort, type TableRow } from './table.view';

interface ContactGroupsContext {
  /** The groups as the server lists them; their order and the sort are the `groups` table's. */
  groups: ContactGroup[];
  /** The group whose contacts the right panel shows. */
  selected: string | null;
  /** The chosen group's contacts; their order and which are ticked are the `contacts` table's. */
  contacts: Contact[];
  /** The open form: add group, add contacts or rename; its draft; the group it acts on. */
  formAction: GroupFormAction;
  draftName: string;
  draftItems: DraftItem[];
  target: string | null;
  /** The open removal: which contacts, or the whole group (`removeAll` when every contact). */
  removeKind: 'contacts' | 'group';
  removeIds: number[];
  removeAll: boolean;
  /** Why the last save failed, shown in the form. */
  error: string | null;
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
  | { type: 'SET_NAME'; name: string }
  | { type: 'ADD_ITEMS'; items: string[] }
  | { type: 'REMOVE_ITEM'; item: string }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' }
  | { type: 'CLOSE' };

const SAVED_TOASTS: Record<GroupFormAction, string> = {
  AddContactGroup: 'New contact group created',
  AddContact: 'Contacts added',
  RenameContactGroup: 'Contact group renamed',
};
const REMOVED_TOASTS = { contacts: 'Contacts removed', group: 'Contact group removed' };
const REMOVE_FAILED = 'Something went wrong';

/** What keeps the open form from saving; the modal shows the matching messages. */
export function draftProblems(context: ContactGroupsContext) {
  const { formAction, draftName, draftItems, groups, target } = context;
  const taken = groups.map((group) => group.contact_group);
  return {
    name:
      formAction === 'AddContact'
        ? null
        : nameProblem({
            name: draftName,
            taken,
            own: formAction === 'RenameContactGroup' ? target : null,
          }),
    items: formAction === 'RenameContactGroup' ? null : itemsProblem(draftItems),
  };
}

/** The sortable column of each panel's table. */
const GROUP_COLUMN = 'name';
const CONTACT_COLUMN = 'contact';

const groupRow = ({ contact_group: name }: ContactGroup): TableRow => ({
  key: name,
  selectable: false,
  text: searchText(name),
  sort: { [GROUP_COLUMN]: name },
});
const contactRow = ({ id, item }: Contact): TableRow => ({
  key: String(id),
  selectable: true,
  text: searchText(item),
  sort: { [CONTACT_COLUMN]: item },
});

/** The groups table's snapshot; none while xstate/graph walks the machine without running it. */
function groupsTable(self: { getSnapshot(): unknown }): TableSnapshot | undefined {
  const snapshot = self.getSnapshot() as
    { children?: { groups?: { getSnapshot(): TableSnapshot } } } | undefined;
  return snapshot?.children?.groups?.getSnapshot();
}

/**
 * Keeps the chosen group while it exists, else the first in the groups table's order (read from
 * its sort: the new rows reach the table only after this transition).
 */
function selectionAfter(
  groups: ContactGroup[],
  table: TableSnapshot | undefined,
  wanted: string | null,
) {
  const kept = groups.find((group) => group.contact_group === wanted);
  if (kept) return kept.contact_group;
  const sort = table ? tableSort(table) : null;
  const rows = groups.map(groupRow);
  const ordered = sort ? orderRows(rows, GROUP_COLUMN, sort.direction) : rows;
  return ordered[0]?.key ?? null;
}

/** The contact groups page's types, guards and actions; the machine is in contact-groups.machine.ts. */
export const contactGroupsSetup = setup({
  types: {
    context: {} as ContactGroupsContext,
    events: {} as ContactGroupsEvent,
    children: {} as { groups: 'table'; contacts: 'table' },
  },
  actors: { ...createContactGroupsActors(api), table: tableMachine },
  guards: {
    hasGroups: ({ context }) => context.groups.length > 0,
    hasSelectedGroup: ({ context }) => context.selected !== null,
    isDraftValid: ({ context }) => {
      const problems = draftProblems(context);
      return problems.name === null && problems.items === null;
    },
  },
  actions: {
    assignGroups: assign(({ context, self }, params: { groups: ContactGroup[] }) => ({
      groups: params.groups,
      selected: selectionAfter(params.groups, groupsTable(self), context.selected),
    })),
    assignAfterWrite: assign(({ context, self }, params: { result: AfterWrite }) => ({
      groups: params.result.groups,
      // The group written to, else the one shown, else (when it is gone) the first.
      selected: selectionAfter(
        params.result.groups,
        groupsTable(self),
        params.result.select ?? context.selected,
      ),
    })),
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
    openForm: assign(
      (_, params: { action: GroupFormAction; target: string | null; name?: string }) => ({
        formAction: params.action,
        target: params.target,
        draftName: params.name ?? '',
        draftItems: [],
        error: null,
      }),
    ),
    openGroupRemoval: assign({
      removeKind: 'group',
      target: ({ event }) => {
        assertEvent(event, 'OPEN_REMOVE_GROUP');
        return event.name;
      },
      removeIds: [],
      removeAll: false,
    }),
    // Removing every contact of the group removes the group: its modal opens, with the flag.
    openContactsRemoval: assign(({ context, event }) => {
      assertEvent(event, 'OPEN_REMOVE_CONTACTS');
      const all = context.contacts.every((contact) => event.ids.includes(contact.id));
      return {
        removeKind: all ? 'group' : 'contacts',
        target: context.selected,
        removeIds: event.ids,
        removeAll: all,
      } as const;
    }),
    setName: assign({
      draftName: ({ event }) => {
        assertEvent(event, 'SET_NAME');
        return event.name;
      },
      error: null,
    }),
    addItems: assign({
      draftItems: ({ context, event }) => {
        assertEvent(event, 'ADD_ITEMS');
        const present =
          context.formAction === 'AddContact'
            ? context.contacts.map((contact) => contact.item)
            : [];
        return addDraftItems(context.draftItems, event.items, present);
      },
      error: null,
    }),
    removeItem: assign({
      draftItems: ({ context, event }) => {
        assertEvent(event, 'REMOVE_ITEM');
        return context.draftItems.filter(({ item }) => item !== event.item);
      },
      error: null,
    }),
    assignError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
    })),
    notifySaved: ({ context }) => toastSaved(SAVED_TOASTS[context.formAction]),
    notifyRemoved: ({ context }) => toastSaved(REMOVED_TOASTS[context.removeKind]),
    notifyRemoveFailed: () => toast({ title: REMOVE_FAILED, variant: 'error' }),
  },
});
