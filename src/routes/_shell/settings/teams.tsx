import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/teams')({
  staticData: { routeName: 'TeamsSettings' },
  component: TeamsSettingsPage,
});

function TeamsSettingsPage() {
  return (
    <PageHeader
      level={2}
      title="Teams"
      subtitle="Group mailboxes into teams to follow them together on your dashboard."
    />
  );
}
