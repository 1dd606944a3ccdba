import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/contact-groups')({
  staticData: { routeName: 'ContactGroupsSettings' },
  component: ContactGroupsSettingsPage,
});

function ContactGroupsSettingsPage() {
  return (
    <PageHeader
      level={2}
      title="Contact Groups"
      subtitle="Organize email addresses and domains in groups for easier reporting and filtering."
    />
  );
}
