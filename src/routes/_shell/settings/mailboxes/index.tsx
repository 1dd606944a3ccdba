import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine } from '@/app-context';
import { createMailboxHoursMachine } from '@/machines/business-hours/mailbox-hours.machine';
import { createMailboxesMachine } from '@/machines/mailboxes/mailboxes.machine';
import { useSignedInUser } from '@/app-context';
import { useListSeed } from '../../../-components/use-list-seed';
import { MailboxesTab } from './-components/MailboxesTab';

export const Route = createFileRoute('/_shell/settings/mailboxes/')({
  staticData: { routeName: 'MailboxesSettings' },
  component: MailboxesSettingsPage,
});

function MailboxesSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createMailboxesMachine);
  const hoursMachine = useFlowMachine(createMailboxHoursMachine);
  const seed = useListSeed('mailboxes');
  return <MailboxesTab machine={machine} hoursMachine={hoursMachine} user={user} seed={seed} />;
}
