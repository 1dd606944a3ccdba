import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ShellLayout } from './-components/ShellLayout';

// Pathless layout: every page except login sits inside the side-panel shell.
export const Route = createFileRoute('/_shell')({
  component: () => (
    <ShellLayout>
      <Outlet />
    </ShellLayout>
  ),
});
