import './resize-observer';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach } from 'vitest';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';

// The toast store outlives each test's render.
afterEach(dismissAllToasts);

/**
 * Renders a page or settings tab alone, inside a router (its links need one) and with the
 * toasts, once its heading (of `headingLevel`, a tab's 2 by default) shows.
 */
export async function renderTab(tab: ReactNode, headingLevel = 2) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {tab}
        <Toaster />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: headingLevel });
  return router;
}
