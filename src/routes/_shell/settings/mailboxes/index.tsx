import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import { mailboxesMachine } from '@/machines/mailboxes/mailboxes.machine';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { MailboxesTab } from './-components/MailboxesTab';

export const Route = createFileRoute('/_shell/settings/mailboxes/')({
  staticData: { routeName: 'MailboxesSettings' },
  component: MailboxesSettingsPage,
});

function MailboxesSettingsPage() {
  const user = useSignedInUser();
  const { workspaceData } = useAppContext();
  // The list loaded at sign-in shows at once; the tab still fetches a fresh one.
  const seed = useSelector(workspaceData, (snapshot) => {
    const list = snapshot.context.lists?.mailboxes;
    return list?.status === 'loaded' ? list.data : null;
  });
  return <MailboxesTab machine={mailboxesMachine} user={user} seed={seed} />;
}
