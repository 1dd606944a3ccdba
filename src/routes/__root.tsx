import { createRootRoute } from '@tanstack/react-router';
import { NotFoundPage } from './-components/StatusPages';
import { ShellLayout } from './-components/ShellLayout';

// Any unmatched path renders the not-found page inside the shell (the router uses
// notFoundMode 'root', so this is the only not-found component).
export const Route = createRootRoute({
  notFoundComponent: () => (
    <ShellLayout>
      <NotFoundPage />
    </ShellLayout>
  ),
});
