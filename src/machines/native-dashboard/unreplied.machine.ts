import type { StatsUnrepliedPage } from '@/api/types';
import { assign, setup } from 'xstate';
import { api } from '@/api/client';
import { createUnrepliedActors, type UnrepliedRequest } from './native-dashboard.actors';

interface UnrepliedContext {
  request: UnrepliedRequest | null;
  /** The last page that arrived, kept while the next one loads. */
  page: StatsUnrepliedPage | null;
}

export type UnrepliedEvent =
  /** A page of the list for the page's filters; sent when they or the page number change. */
  { type: 'SHOW'; request: UnrepliedRequest } | { type: 'RETRY' };

/** The unreplied list, longest waiting first, a page at a time; a newer SHOW wins. */
export const unrepliedMachine = setup({
  types: { context: {} as UnrepliedContext, events: {} as UnrepliedEvent },
  actors: createUnrepliedActors(api),
  actions: {
    assignRequest: assign((_, params: { request: UnrepliedRequest }) => ({
      request: params.request,
    })),
    assignPage: assign((_, params: { page: StatsUnrepliedPage }) => ({ page: params.page })),
  },
}).createMachine({
  id: 'unreplied',
  initial: 'idle',
  context: { request: null, page: null },
  on: {
    SHOW: {
      target: '.loading',
      reenter: true,
      actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
    },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadUnreplied',
        src: 'loadUnreplied',
        input: ({ context }) => {
          if (!context.request) throw new Error('loading without a request');
          return context.request;
        },
        onDone: {
          target: 'ready',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: 'failed',
      },
    },
    ready: {},
    failed: {
      on: { RETRY: 'loading' },
    },
  },
});
