import type { Dashboard } from '@/api/types';
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createDashboardActors } from './dashboard.actors';

interface DashboardContext {
  dashboard: Dashboard | null;
}

export type DashboardEvent =
  /** Sent once the session is ready: every signed-in user may read the dashboard. */
  { type: 'LOAD' } | { type: 'RETRY' };

/**
 * The workspace's dashboard settings, loaded once per session. The page shows one state per
 * platform; both embedded platforms carry the `platform` tag, which also brings up the shell's
 * help header on the other pages.
 */
export function createDashboardMachine(client: ApiClient) {
  return setup({
    types: { context: {} as DashboardContext, events: {} as DashboardEvent },
    actors: createDashboardActors(client),
    guards: {
      // Without an embed URL there is nothing to frame: the page says it will be ready soon.
      isLookerStudio: ({ context }) =>
        context.dashboard?.dashboard_platform === 'Looker Studio' &&
        context.dashboard.dashboard_embedded_url !== null,
      isSuperset: ({ context }) => context.dashboard?.dashboard_platform === 'Superset',
      isNative: ({ context }) => context.dashboard?.dashboard_platform === 'Native',
    },
    actions: {
      assignDashboard: assign((_, params: { dashboard: Dashboard }) => ({
        dashboard: params.dashboard,
      })),
    },
  }).createMachine({
    id: 'dashboard',
    initial: 'idle',
    context: { dashboard: null },
    states: {
      idle: {
        on: { LOAD: 'loading' },
      },
      loading: {
        invoke: {
          id: 'loadDashboard',
          src: 'loadDashboard',
          onDone: {
            target: 'choosingPlatform',
            actions: {
              type: 'assignDashboard',
              params: ({ event }) => ({ dashboard: event.output }),
            },
          },
          onError: 'failed',
        },
      },
      choosingPlatform: {
        always: [
          { guard: 'isLookerStudio', target: 'lookerStudio' },
          { guard: 'isSuperset', target: 'superset' },
          { guard: 'isNative', target: 'native' },
          { target: 'notReady' },
        ],
      },
      failed: {
        on: { RETRY: 'loading' },
      },
      lookerStudio: { tags: 'platform' },
      superset: { tags: 'platform' },
      // Mailpulse's own dashboard; no help header, it needs no BI platform explained.
      native: {},
      notReady: {},
    },
  });
}

export type DashboardMachine = ReturnType<typeof createDashboardMachine>;

export type DashboardActor = ActorRefFrom<DashboardMachine>;
