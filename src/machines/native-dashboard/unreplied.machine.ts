import type { StatsUnrepliedPage } from '@/api/types';
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { sameRequest, type StatsQuery } from '@/domain/dashboard-search';
import { createUnrepliedActors } from './native-dashboard.actors';
import { describeNamed } from '../shared/describe-named';

interface UnrepliedContext {
  /** The page's filters; null until the dashboard knows them. */
  query: StatsQuery | null;
  /** The page asked for, from 1. */
  pageNumber: number;
  /** The last page that arrived, kept while the next one loads. */
  page: StatsUnrepliedPage | null;
}

export type UnrepliedEvent =
  /** The page's filters; new ones start again at page 1, the same ones change nothing. */
  | { type: 'SHOW'; query: StatsQuery }
  | { type: 'PAGE'; page: number }
  | { type: 'RETRY' }
  /** The list changed (a request marked as done or reopened): the same page again. */
  | { type: 'RELOAD' };

/** The unreplied list, longest waiting first, a page at a time; a newer SHOW or PAGE wins. */
export function createUnrepliedMachine(client: ApiClient) {
  const unrepliedSetup = setup({
    types: { context: {} as UnrepliedContext, events: {} as UnrepliedEvent },
    actors: createUnrepliedActors(client),
    guards: {
      isNewQuery: ({ context }, params: { query: StatsQuery }) =>
        !sameRequest(context.query, params.query),
      hasQuery: ({ context }) => context.query !== null,
    },
    actions: {
      assignQuery: assign((_, params: { query: StatsQuery }) => ({
        query: params.query,
        pageNumber: 1,
      })),
      assignPageNumber: assign((_, params: { pageNumber: number }) => params),
      assignPage: assign((_, params: { page: StatsUnrepliedPage }) => ({ page: params.page })),
    },
  });
  return unrepliedSetup.createMachine({
    id: 'unreplied',
    description:
      "The native dashboard's unreplied emails list, longest waiting first, a page at a time.",
    meta: describeNamed(unrepliedSetup, {
      guards: {
        isNewQuery: 'The filters differ from those on show',
        hasQuery: 'The filters are known, so a page can be asked for',
      },
      actions: {
        assignQuery: 'Keeps the new filters and goes back to page 1',
        assignPageNumber: 'Keeps the page asked for',
        assignPage: 'Shows the page that arrived',
      },
    }),
    initial: 'idle',
    context: { query: null, pageNumber: 1, page: null },
    on: {
      SHOW: {
        guard: { type: 'isNewQuery', params: ({ event }) => ({ query: event.query }) },
        target: '.loading',
        reenter: true,
        actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
        description: 'New filters: their first page, dropping any page still on its way.',
      },
      PAGE: {
        guard: 'hasQuery',
        target: '.loading',
        reenter: true,
        actions: { type: 'assignPageNumber', params: ({ event }) => ({ pageNumber: event.page }) },
        description: 'Previous or Next: another page of the same filters.',
      },
      RELOAD: {
        guard: 'hasQuery',
        target: '.loading',
        reenter: true,
        description: 'A request was marked as done or reopened: the page again, as it is now.',
      },
    },
    states: {
      idle: { description: 'Waiting for the filters, known once the dashboard has its choices' },
      loading: {
        description: 'Loading a page of the list; the last page stays on show meanwhile',
        invoke: {
          id: 'loadUnreplied',
          src: 'loadUnreplied',
          input: ({ context }) => {
            if (!context.query) throw new Error('loading without filters');
            return { query: context.query, page: context.pageNumber };
          },
          onDone: {
            target: 'ready',
            actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
          },
          onError: 'failed',
        },
      },
      ready: { description: 'The page is on show with Previous and Next' },
      failed: {
        description: 'The page could not be loaded: the list shows its failure state',
        on: { RETRY: 'loading' },
      },
    },
  });
}

export type UnrepliedMachine = ReturnType<typeof createUnrepliedMachine>;
export type UnrepliedActor = ActorRefFrom<UnrepliedMachine>;
