import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/users')({
  staticData: { routeName: 'UsersSettings' },
  component: UsersSettingsPage,
});

function UsersSettingsPage() {
  return (
    <PageHeader
      level={2}
      title="Users"
      subtitle="The people who can sign in to this workspace, and the statistics each of them can see."
    />
  );
}
