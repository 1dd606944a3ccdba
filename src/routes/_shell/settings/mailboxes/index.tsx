import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClassName } from '../../../../ui/Button';
import { EmptyState } from '../../../../ui/EmptyState';
import { InboxIcon } from '../../../../ui/icons';
import { Card, PageHeader } from '../../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/mailboxes/')({
  staticData: { routeName: 'MailboxesSettings' },
  component: MailboxesSettingsPage,
});

function MailboxesSettingsPage() {
  return (
    <>
      <PageHeader
        level={2}
        title="Mailboxes"
        subtitle="The company mailboxes whose email statistics appear on your dashboard."
        actions={
          <Link to="/settings/mailboxes/add" className={buttonClassName()}>
            Add mailboxes
          </Link>
        }
      />
      <Card>
        <EmptyState
          icon={<InboxIcon size={26} />}
          title="Start by adding mailboxes"
          text="Add the mailboxes you want to track. Their statistics show on the dashboard the next day."
        />
      </Card>
    </>
  );
}
