import type { DashboardFilters } from '@/api/types';
import { assign, setup } from 'xstate';
import { api } from '@/api/client';
import {
  createNativeDashboardActors,
  type Figures,
  type FiguresRequest,
} from './native-dashboard.actors';

interface NativeDashboardContext {
  /** What the filters offer the caller; null until loaded. */
  choices: DashboardFilters | null;
  /** The request the figures are being fetched for (the newest one sent). */
  request: FiguresRequest | null;
  /** The last figures that arrived: kept, dimmed, while newer ones load. */
  figures: Figures | null;
}

export type NativeDashboardEvent =
  /** The view's filters, resolved into the API's query; sent whenever they change. */
  { type: 'REQUEST'; request: FiguresRequest } | { type: 'RETRY' };

/**
 * The native dashboard's data: the filter choices once, then the figures for each request.
 * A new request re-enters `loading`, which stops the running fetch: its answer, however late,
 * is never taken, so a slow reply for an old filter cannot overwrite a newer one.
 */
export const nativeDashboardMachine = setup({
  types: { context: {} as NativeDashboardContext, events: {} as NativeDashboardEvent },
  actors: createNativeDashboardActors(api),
  actions: {
    assignChoices: assign((_, params: { choices: DashboardFilters }) => ({
      choices: params.choices,
    })),
    assignRequest: assign((_, params: { request: FiguresRequest }) => ({
      request: params.request,
    })),
    assignFigures: assign((_, params: { figures: Figures }) => ({ figures: params.figures })),
  },
}).createMachine({
  id: 'nativeDashboard',
  initial: 'loadingChoices',
  context: { choices: null, request: null, figures: null },
  states: {
    loadingChoices: {
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: {
          target: 'waiting',
          actions: { type: 'assignChoices', params: ({ event }) => ({ choices: event.output }) },
        },
        onError: 'choicesFailed',
      },
    },
    choicesFailed: {
      on: { RETRY: 'loadingChoices' },
    },
    waiting: {
      on: {
        REQUEST: {
          target: 'loading',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    loading: {
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        input: ({ context }) => {
          if (!context.request) throw new Error('loading without a request');
          return { request: context.request, shown: context.figures };
        },
        onDone: {
          target: 'ready',
          actions: { type: 'assignFigures', params: ({ event }) => ({ figures: event.output }) },
        },
        onError: 'failed',
      },
      on: {
        REQUEST: {
          target: 'loading',
          reenter: true,
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    ready: {
      on: {
        REQUEST: {
          target: 'loading',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    failed: {
      on: {
        RETRY: 'loading',
        REQUEST: {
          target: 'loading',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
  },
});
