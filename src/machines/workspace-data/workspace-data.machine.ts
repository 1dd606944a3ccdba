import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { UserInfo } from '@/session/user-info';
import { createWorkspaceDataActors, type WorkspaceLists } from './workspace-data.actors';

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
  return setup({
    types: { context: {} as WorkspaceDataContext, events: {} as WorkspaceDataEvent },
    actors: createWorkspaceDataActors(client),
    guards: {
      isAdmin: ({ event }) => event.user.role === 'admin',
    },
    actions: {
      assignLists: assign((_, params: { lists: WorkspaceLists }) => ({ lists: params.lists })),
    },
  }).createMachine({
    id: 'workspaceData',
    initial: 'idle',
    context: { lists: null },
    states: {
      idle: {
        tags: 'pending',
        on: {
          LOAD: [{ guard: 'isAdmin', target: 'loading' }, { target: 'notNeeded' }],
        },
      },
      loading: {
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
      ready: {},
      notNeeded: {},
    },
  });
}

export type WorkspaceDataMachine = ReturnType<typeof createWorkspaceDataMachine>;

export type WorkspaceDataActor = ActorRefFrom<WorkspaceDataMachine>;
