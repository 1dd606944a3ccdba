import type { Dashboard } from '../../../src/api/types';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { storeToken } from '../../../src/api/session-store';
import { createAppContext, type AppContext, type AppMachines } from '../../../src/app-context';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboard.machine';
import { routeGuardMachine } from '../../../src/machines/route-guard/route-guard.machine';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import { workspaceDataMachine } from '../../../src/machines/workspace-data/workspace-data.machine';
import { routeTree } from '../../../src/routeTree.gen';
import type { UserInfo } from '../../../src/session/user-info';
import { storeUserInfo } from '../../../src/session/user-info-store';
import { emptyLists, makeDashboard, makeUser } from '../../support/fixtures';

export interface AppOptions {
  /** The user the server knows; stored as signed in unless `signedIn` is false. */
  user?: UserInfo;
  signedIn?: boolean;
  dashboard?: Dashboard;
  /** Replaces any of the test machines below. */
  machines?: Partial<AppMachines>;
}

/** The app's machines with deterministic stand-ins for every server call. */
export function testMachines(user: UserInfo, dashboard: Dashboard): AppMachines {
  return {
    routeGuard: routeGuardMachine.provide({
      actors: {
        loadAccess: fromPromise(async () => ({ role: user.role, features: user.features })),
      },
    }),
    session: sessionMachine.provide({
      actors: {
        loadUserInfo: fromPromise(async () => user),
        expireToken: fromPromise<void>(async () => undefined),
      },
      actions: { goToLogin: () => undefined },
    }),
    workspaceData: workspaceDataMachine.provide({
      actors: { loadWorkspaceData: fromPromise(async () => emptyLists) },
    }),
    dashboard: dashboardMachine.provide({
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
  const context: AppContext = createAppContext({
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
