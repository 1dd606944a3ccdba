import { createFileRoute, redirect } from '@tanstack/react-router';

// The settings area's default child is the mailboxes tab.
export const Route = createFileRoute('/_shell/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/mailboxes', replace: true });
  },
});
