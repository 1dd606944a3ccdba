import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createContactGroupsMachine } from '@/machines/contact-groups/contact-groups.machine';
import { ContactGroupsPage } from './-components/contact-groups/ContactGroupsPage';

export const Route = createFileRoute('/_shell/settings/contact-groups')({
  staticData: { routeName: 'ContactGroupsSettings' },
  component: ContactGroupsSettingsPage,
});

function ContactGroupsSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createContactGroupsMachine);
  return <ContactGroupsPage machine={machine} readOnly={user.features.contact_groups.read_only} />;
}
