import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createAddMailboxesMachine } from '@/machines/add-mailboxes/add-mailboxes.machine';
import { buttonClassName } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { InboxIcon } from '@/ui/icons';
import { Card } from '@/ui/Page';
import { AddMailboxesPage } from './-components/AddMailboxesPage';

export const Route = createFileRoute('/_shell/settings/mailboxes/add')({
  staticData: { routeName: 'AddMailboxesSettings' },
  component: AddMailboxesRoute,
});

function AddMailboxesRoute() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  // Created once per visit: the machine goes back to the list after adding.
  const machine = useFlowMachine((api) =>
    createAddMailboxesMachine(api).provide({
      actions: { goBack: () => void navigate({ to: '/settings/mailboxes' }) },
    }),
  );
  if (user.features.mailboxes.read_only) return <ReadOnlyNotice />;
  return <AddMailboxesPage machine={machine} maxMailboxes={user.maxMailboxes} />;
}

/** A read-only mailboxes feature allows no adding (document 001, section 2). */
function ReadOnlyNotice() {
  return (
    <Card>
      <EmptyState
        icon={<InboxIcon size={26} />}
        title="Mailboxes are read-only"
        text="Your workspace's mailboxes cannot be changed at the moment. Get in touch with your Customer Success Manager to add mailboxes."
        action={
          <Link to="/settings/mailboxes" className={buttonClassName({ variant: 'secondary' })}>
            Back to mailboxes
          </Link>
        }
      />
    </Card>
  );
}
