import {
  createBrowserHistory,
  createRouter,
  RouterProvider,
  type RouterHistory,
} from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { api } from '@/api/client';
import { createAppContext } from './app-context';
import { routeTree } from './routeTree.gen';
import { breadcrumbs } from '@/telemetry/breadcrumbs';
import { redactUrl } from '@/telemetry/redact';
import { reportError } from '@/telemetry/reporter';
import { ErrorPage } from '@/ui/ErrorPage';
import { ToastHost } from '@/ui/ToastHost';
import './router-types';

// The router app: every page but a page load of /login, which `main.tsx` gives to the login
// page's standalone host (`routes/-login-entry.tsx`) until the visitor signs in.

function createAppRouter(history: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    context: createAppContext(api),
    // Every unknown path shows the root's not-found page, whatever layout it falls under.
    notFoundMode: 'root',
    defaultPreload: 'intent',
    scrollRestoration: true,
    // Errors a route's error boundary catches never reach window's error event.
    defaultOnCatch: (error) => reportError(error, 'uncaught'),
    defaultErrorComponent: ErrorPage,
  });
  router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    const from = fromLocation ? redactUrl(fromLocation.href) : '(page load)';
    breadcrumbs.leave('navigation', `${from} → ${redactUrl(toLocation.href)}`);
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * Renders the app on `root`, at the address bar's location, or first at `arrival` as a new
 * history entry (where a sign-in on the standalone login page lands), as a full navigation
 * there would have.
 */
export function renderApp(root: Root, arrival?: string): void {
  const history = createBrowserHistory();
  if (arrival !== undefined) history.push(arrival);
  root.render(
    <StrictMode>
      <RouterProvider router={createAppRouter(history)} />
      <ToastHost />
    </StrictMode>,
  );
}
