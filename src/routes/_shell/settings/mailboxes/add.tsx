import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/mailboxes/add')({
  staticData: { routeName: 'AddMailboxesSettings' },
  component: AddMailboxesPage,
});

function AddMailboxesPage() {
  return (
    <PageHeader
      title="Add mailboxes"
      subtitle="Enter the addresses of the mailboxes to track; each one is validated before it is added."
    />
  );
}
