import type { User } from '@/api/types';
import { assign, not, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import {
  LIST_TAB_CHILDREN,
  limitRegion,
  listLoadStates,
  listRegion,
} from '../shared/list-tab.states';
import {
  createModalSaveMachine,
  createRemoveMachine,
  type ModalSavedEvent,
} from '../shared/modal-save.machine';
import { tableMachine } from '../shared/table.machine';
import { createUsersActors, type RemoveUsersDraft, type UsersData } from './users.actors';
import { canSubmitUsers, EMPTY_USERS_DRAFT, type UsersDraft } from './users.draft';
import {
  isSameEmail,
  ROLE_UPDATED_TOAST,
  userRow,
  usersAddedToast,
  usersRemovedToast,
} from './users.rows';
import { describeNamed } from '../shared/describe-named';

/** The tab's modals over the client; tests stand in their save calls. */
export function createUsersModals(client: ApiClient) {
  const actors = createUsersActors(client);
  return {
    editor: createModalSaveMachine({
      id: 'usersEditor',
      emptyDraft: EMPTY_USERS_DRAFT,
      save: actors.saveUsers,
      canSubmit: canSubmitUsers,
      successToast: (draft) =>
        draft.editing ? ROLE_UPDATED_TOAST : usersAddedToast(draft.emails.length),
    }),
    remover: createRemoveMachine({
      id: 'removeUsers',
      emptyDraft: { emails: [], names: [] } satisfies RemoveUsersDraft,
      save: actors.removeUsers,
      successToast: usersRemovedToast,
    }),
  };
}

export interface UsersInput {
  /** The lists the shell loaded at sign-in, shown at once while fresh ones load. */
  seed: UsersData | null;
  maxUsers: number;
  /** The signed-in user, whose own row cannot be selected, edited or removed. */
  currentEmail: string;
  features: Features;
}

interface UsersContext extends UsersData {
  maxUsers: number;
  currentEmail: string;
  features: Features;
}

export type UsersEvent =
  | { type: 'RETRY' }
  | { type: 'ADD' }
  | { type: 'EDIT'; user: User }
  | { type: 'REMOVE'; users: User[] }
  | { type: 'CLOSE_LIMIT' }
  | ModalSavedEvent;

function draftFor(context: UsersContext, user: User | null): UsersDraft {
  const facts = {
    existing: new Set(context.users.map((u) => u.email.toLowerCase())),
    tracked: new Set(context.mailboxes.map((m) => m.email.toLowerCase())),
    maxUsers: context.maxUsers,
  };
  if (!user) return { ...EMPTY_USERS_DRAFT, facts };
  return {
    editing: { id: user.id, email: user.email, role: user.role },
    emails: [user.email],
    pending: '',
    role: user.role,
    teams: user.can_see_data_for.teams,
    mailboxes: user.can_see_data_for.mailboxes,
    facts,
  };
}

/** The users tab: the lists, the table, the add/edit and remove modals, the user-limit modal. */
export function createUsersMachine(client: ApiClient) {
  const actors = createUsersActors(client);
  const usersSetup = setup({
    types: { context: {} as UsersContext, events: {} as UsersEvent, input: {} as UsersInput },
    actors: {
      load: actors.loadUsersData,
      table: tableMachine,
      ...createUsersModals(client),
    },
    guards: {
      hasSeed: ({ context }) => context.users.length > 0,
      isAtLimit: ({ context }) => context.users.length >= context.maxUsers,
      isRemoval: ({ event }) => event.type === 'MODAL_SAVED' && event.modal === 'removeUsers',
      isOwnUser: ({ context, event }) =>
        (event.type === 'EDIT' && isSameEmail(event.user.email, context.currentEmail)) ||
        (event.type === 'REMOVE' &&
          event.users.some((user) => isSameEmail(user.email, context.currentEmail))),
    },
    actions: {
      assignData: assign((_, params: { data: UsersData }) => params.data),
      showRows: sendTo('table', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.users.map((user) => userRow(user, context.currentEmail)),
      })),
      clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
      openEditor: sendTo('editor', ({ context }, params: { user: User | null }) => ({
        type: 'OPEN' as const,
        draft: draftFor(context, params.user),
      })),
      openRemover: sendTo('remover', (_, params: { users: User[] }) => ({
        type: 'OPEN' as const,
        draft: {
          emails: params.users.map((user) => user.email),
          names: params.users.map((user) => user.full_name || user.email),
        },
      })),
    },
  });
  return usersSetup.createMachine({
    id: 'users',
    description:
      'The users tab: the users with their roles and mailboxes, adding, editing and removing them, and the user limit.',
    meta: describeNamed(usersSetup, {
      guards: {
        hasSeed: 'The users loaded at sign-in are at hand, so the list shows at once',
        isAtLimit: 'The workspace has as many users as its plan allows',
        isRemoval: 'The modal that saved is the remove modal, so ticked rows are unticked',
        isOwnUser: 'The user to edit or remove is the signed-in user, who may change neither',
      },
      actions: {
        assignData: 'Keeps the users, mailboxes and teams the server sent',
        showRows:
          "Puts the users into the table as rows (the signed-in user's row cannot be ticked)",
        clearSelection: 'Unticks every row of the table',
        openEditor: 'Opens the user modal: empty to add a user, or filled with the user to edit',
        openRemover: 'Opens the remove modal with the chosen users',
      },
    }),
    context: ({ input }) => ({
      users: input.seed?.users ?? [],
      mailboxes: input.seed?.mailboxes ?? [],
      teams: input.seed?.teams ?? [],
      maxUsers: input.maxUsers,
      currentEmail: input.currentEmail,
      features: input.features,
    }),
    invoke: LIST_TAB_CHILDREN,
    initial: 'starting',
    states: {
      ...listLoadStates<UsersData>(),
      ready: {
        description:
          "The list is on show; Edit and Remove open their modals, except on the signed-in user's own row",
        type: 'parallel',
        on: {
          EDIT: {
            guard: not('isOwnUser'),
            actions: { type: 'openEditor', params: ({ event }) => ({ user: event.user }) },
          },
          REMOVE: {
            guard: not('isOwnUser'),
            actions: { type: 'openRemover', params: ({ event }) => ({ users: event.users }) },
          },
        },
        states: {
          list: listRegion<UsersData>('users'),
          limit: limitRegion({ actions: { type: 'openEditor', params: { user: null } } } as const),
        },
      },
    },
  });
}

export type UsersMachine = ReturnType<typeof createUsersMachine>;

export type UsersActor = ActorRefFrom<UsersMachine>;
