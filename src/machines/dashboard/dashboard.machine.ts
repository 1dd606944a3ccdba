import type { Dashboard } from '@/api/types';
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createDashboardActors } from './dashboard.actors';
import { describeNamed } from '../shared/describe-named';

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
  const dashboardSetup = setup({
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
  });
  return dashboardSetup.createMachine({
    id: 'dashboard',
    description:
      "The dashboard page's platform: Looker Studio, Superset or the native dashboard, from the workspace's settings, loaded once per session.",
    meta: describeNamed(dashboardSetup, {
      guards: {
        isLookerStudio: 'The workspace uses Looker Studio and has its embed address',
        isSuperset: 'The workspace uses Superset',
        isNative: 'The workspace uses the native dashboard',
      },
      actions: {
        assignDashboard: "Keeps the workspace's dashboard settings",
      },
    }),
    initial: 'idle',
    context: { dashboard: null },
    states: {
      idle: {
        description: 'Waiting for the session before loading the dashboard settings',
        on: { LOAD: 'loading' },
      },
      loading: {
        description: 'Loading which dashboard the workspace uses',
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
        description: 'Picking the page to show from the dashboard platform',
        always: [
          { guard: 'isLookerStudio', target: 'lookerStudio' },
          { guard: 'isSuperset', target: 'superset' },
          { guard: 'isNative', target: 'native' },
          { target: 'notReady' },
        ],
      },
      failed: {
        description: 'The settings could not be loaded; the page offers a retry',
        on: { RETRY: 'loading' },
      },
      lookerStudio: {
        description: 'The Looker Studio dashboard, framed in the page',
        tags: 'platform',
      },
      superset: { description: 'The Superset dashboard, embedded in the page', tags: 'platform' },
      // Mailpulse's own dashboard; no help header, it needs no BI platform explained.
      native: {
        description: "Mailpulse's own dashboard of response times, unreplied emails and volumes",
      },
      notReady: { description: 'No dashboard is set up yet; the page says it will be ready soon' },
    },
  });
}

export type DashboardMachine = ReturnType<typeof createDashboardMachine>;

export type DashboardActor = ActorRefFrom<DashboardMachine>;
