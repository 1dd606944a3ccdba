import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { UserInfo } from '@/session/user-info';
import { createWorkspaceDataActors, type WorkspaceLists } from './workspace-data.actors';
import { describeNamed } from '../shared/describe-named';

interface WorkspaceDataContext {
  /** Every feature's list once loaded; later screens read their list from here. */
  lists: WorkspaceLists | null;
}

export type WorkspaceDataEvent = { type: 'LOAD'; user: UserInfo };

/**
 * The admin's workspace data: admins load every enabled feature's list before
 * the shell shows; other roles load no settings data. States tagged `pending` keep the shell's
 * loading state up.
 */
export function createWorkspaceDataMachine(client: ApiClient) {
  const workspaceDataSetup = setup({
    types: { context: {} as WorkspaceDataContext, events: {} as WorkspaceDataEvent },
    actors: createWorkspaceDataActors(client),
    guards: {
      isAdmin: ({ event }) => event.user.role === 'admin',
    },
    actions: {
      assignLists: assign((_, params: { lists: WorkspaceLists }) => ({ lists: params.lists })),
    },
  });
  return workspaceDataSetup.createMachine({
    id: 'workspaceData',
    description:
      "The settings lists an admin's pages start from (mailboxes, users, teams, alerts…), loaded once at sign-in before the shell shows.",
    meta: describeNamed(workspaceDataSetup, {
      guards: {
        isAdmin: 'The signed-in user is an admin',
      },
      actions: {
        assignLists: 'Keeps the loaded lists for the settings pages to start from',
      },
    }),
    initial: 'idle',
    context: { lists: null },
    states: {
      idle: {
        description: 'Waiting for the signed-in user; the shell shows its loading state',
        tags: 'pending',
        on: {
          LOAD: [{ guard: 'isAdmin', target: 'loading' }, { target: 'notNeeded' }],
        },
      },
      loading: {
        description:
          "Loading the lists of the admin's enabled settings pages; the shell waits for them",
        tags: 'pending',
        invoke: {
          id: 'loadWorkspaceData',
          src: 'loadWorkspaceData',
          input: ({ event }) => ({ features: event.user.features }),
          onDone: {
            target: 'ready',
            actions: { type: 'assignLists', params: ({ event }) => ({ lists: event.output }) },
          },
        },
      },
      ready: { description: 'The lists are at hand, so the settings pages show at once' },
      notNeeded: { description: 'Not an admin: no settings data is loaded' },
    },
  });
}

export type WorkspaceDataMachine = ReturnType<typeof createWorkspaceDataMachine>;

export type WorkspaceDataActor = ActorRefFrom<WorkspaceDataMachine>;
