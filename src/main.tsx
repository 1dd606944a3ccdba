// First: error reporting and breadcrumbs, before anything else can fail.
import '@/telemetry/start';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from '@/api/client';
import { createAppContext } from './app-context';
import { routeTree } from './routeTree.gen';
import { breadcrumbs } from '@/telemetry/breadcrumbs';
import { redactUrl } from '@/telemetry/redact';
import { reportError } from '@/telemetry/reporter';
import { ErrorPage } from '@/ui/ErrorPage';
import { ToastHost } from '@/ui/ToastHost';
import './router-types';
// Inter ships with the app (served by our server): the CSP allows no font host.
import '@fontsource-variable/inter';
import '@/styles/tokens.css';
import '@/styles/base.css';

const router = createRouter({
  routeTree,
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

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ToastHost />
  </StrictMode>,
);
