import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../../../src/ui/ErrorPage';

describe('ErrorPage', () => {
  it('replaces the router default for a page that fails: the logo, the texts, the actions', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = createRootRoute();
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        throw new Error('render failed');
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: ErrorPage,
    });
    render(<RouterProvider router={router} />);

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Mailpulse');
    expect(screen.queryByText('render failed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'mailto:support@mailpulse.example',
    );
    vi.restoreAllMocks();
  });
});
