import type { Dashboard } from '../../../src/api/types';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { storeToken } from '../../../src/api/session-store';
import { createAppContext, type AppContext, type AppMachines } from '../../../src/app-context';
import { createDashboardMachine } from '../../../src/machines/dashboard/dashboard.machine';
import { createRouteGuardMachine } from '../../../src/machines/route-guard/route-guard.machine';
import { createSessionMachine } from '../../../src/machines/session/session.machine';
import { createSignInCodeMachine } from '../../../src/machines/sign-in-code/sign-in-code.machine';
import { createWorkspaceDataMachine } from '../../../src/machines/workspace-data/workspace-data.machine';
import { routeTree } from '../../../src/routeTree.gen';
import type { UserInfo } from '../../../src/session/user-info';
import { storeUserInfo } from '../../../src/session/user-info-store';
import { emptyLists, makeDashboard, makeUser } from '../../support/fixtures';
import { offlineClient } from '../../support/offline-client';

export interface AppOptions {
  /** The user the server knows; stored as signed in unless `signedIn` is false. */
  user?: UserInfo;
  signedIn?: boolean;
  dashboard?: Dashboard;
  /** Replaces any of the test machines below. */
  machines?: Partial<AppMachines>;
  /** The client of the pages' own machines; by default every call fails (no server here). */
  api?: ApiClient;
}

/** The app's machines with deterministic stand-ins for every server call. */
export function testMachines(user: UserInfo, dashboard: Dashboard): AppMachines {
  return {
    routeGuard: createRouteGuardMachine(offlineClient).provide({
      actors: {
        loadAccess: fromPromise(async () => ({ role: user.role, features: user.features })),
      },
    }),
    session: createSessionMachine(offlineClient).provide({
      actors: {
        loadUserInfo: fromPromise(async () => user),
        expireToken: fromPromise<void>(async () => undefined),
      },
      actions: { goToLogin: () => undefined },
    }),
    // No server here: a code in the address is refused unless a test passes its own machine.
    signInCode: createSignInCodeMachine(offlineClient),
    workspaceData: createWorkspaceDataMachine(offlineClient).provide({
      actors: { loadWorkspaceData: fromPromise(async () => emptyLists) },
    }),
    dashboard: createDashboardMachine(offlineClient).provide({
      actors: { loadDashboard: fromPromise(async () => dashboard) },
    }),
  };
}

/** Renders the whole app (router, guard, shell) at `path`. */
export function renderApp(path: string, options: AppOptions = {}) {
  const user = options.user ?? makeUser('admin');
  if (options.signedIn !== false) {
    storeToken('test-token');
    storeUserInfo(user);
  }
  const context: AppContext = createAppContext(options.api ?? offlineClient, {
    ...testMachines(user, options.dashboard ?? makeDashboard()),
    ...options.machines,
  });
  const router = createRouter({
    routeTree,
    notFoundMode: 'root',
    context,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return { router, context };
}
