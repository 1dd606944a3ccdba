import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { ContactGroupsPage } from './-components/contact-groups/ContactGroupsPage';

export const Route = createFileRoute('/_shell/settings/contact-groups')({
  staticData: { routeName: 'ContactGroupsSettings' },
  component: ContactGroupsSettingsPage,
});

function ContactGroupsSettingsPage() {
  const user = useSignedInUser();
  return <ContactGroupsPage readOnly={user.features.contact_groups.read_only} />;
}
