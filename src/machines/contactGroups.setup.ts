import type { Contact, ContactGroup } from '@/api/types';
import { assertEvent, assign, setup } from 'xstate';
import { api } from '@/api/client';
import {
  addDraftItems,
  itemsProblem,
  nameProblem,
  sortedBy,
  toggleSort,
  type DraftItem,
  type SortDirection,
} from '@/domain/contact-groups';
import { toast } from '@/stores/toast-store';
import {
  createContactGroupsActors,
  type AfterWrite,
  type GroupFormAction,
} from './contactGroups.actors';
import { failureMessage, toastSaved } from './save-toasts';

export interface ContactGroupsContext {
  groups: ContactGroup[];
  groupSort: SortDirection;
  /** The group whose contacts the right panel shows. */
  selected: string | null;
  contacts: Contact[];
  contactSort: SortDirection;
  /** Contacts ticked in the right panel. */
  selectedIds: number[];
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

export const SAVED_TOASTS: Record<GroupFormAction, string> = {
  AddContactGroup: 'New contact group created',
  AddContact: 'Contacts added',
  RenameContactGroup: 'Contact group renamed',
};
export const REMOVED_TOASTS = { contacts: 'Contacts removed', group: 'Contact group removed' };
export const REMOVE_FAILED = 'Something went wrong';

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

const sortedGroups = (context: Pick<ContactGroupsContext, 'groups' | 'groupSort'>) =>
  sortedBy(context.groups, (group) => group.contact_group, context.groupSort);

/** The groups and the contacts in their chosen order, for the panels. */
export function panelLists(context: ContactGroupsContext) {
  return {
    groups: sortedGroups(context),
    contacts: sortedBy(context.contacts, (contact) => contact.item, context.contactSort),
  };
}

/** Keeps the chosen group while it exists, else the first in the list's order. */
function selectionAfter(groups: ContactGroup[], groupSort: SortDirection, wanted: string | null) {
  const kept = groups.find((group) => group.contact_group === wanted);
  return kept?.contact_group ?? sortedGroups({ groups, groupSort })[0]?.contact_group ?? null;
}

/** The contact groups page's types, guards and actions; the machine is in contactGroups.machine.ts. */
export const contactGroupsSetup = setup({
  types: { context: {} as ContactGroupsContext, events: {} as ContactGroupsEvent },
  actors: createContactGroupsActors(api),
  guards: {
    hasGroups: ({ context }) => context.groups.length > 0,
    hasSelectedGroup: ({ context }) => context.selected !== null,
    isDraftValid: ({ context }) => {
      const problems = draftProblems(context);
      return problems.name === null && problems.items === null;
    },
  },
  actions: {
    assignGroups: assign(({ context }, params: { groups: ContactGroup[] }) => ({
      groups: params.groups,
      selected: selectionAfter(params.groups, context.groupSort, context.selected),
    })),
    assignAfterWrite: assign(({ context }, params: { result: AfterWrite }) => ({
      groups: params.result.groups,
      // The group written to, else the one shown, else (when it is gone) the first.
      selected: selectionAfter(
        params.result.groups,
        context.groupSort,
        params.result.select ?? context.selected,
      ),
      selectedIds: [],
    })),
    sortGroups: assign({ groupSort: ({ context }) => toggleSort(context.groupSort) }),
    selectGroup: assign({
      selected: ({ event }) => {
        assertEvent(event, 'SELECT_GROUP');
        return event.name;
      },
      contacts: [],
      selectedIds: [],
    }),
    assignContacts: assign((_, params: { contacts: Contact[] }) => ({
      contacts: params.contacts,
    })),
    sortContacts: assign({ contactSort: ({ context }) => toggleSort(context.contactSort) }),
    toggleContact: assign({
      selectedIds: ({ context, event }) => {
        assertEvent(event, 'TOGGLE_CONTACT');
        const ids = context.selectedIds;
        return ids.includes(event.id) ? ids.filter((id) => id !== event.id) : [...ids, event.id];
      },
    }),
    toggleAll: assign({
      selectedIds: ({ context }) =>
        context.selectedIds.length === context.contacts.length
          ? []
          : context.contacts.map((contact) => contact.id),
    }),
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
