import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import { alertsMachine } from '@/machines/alerts/alerts.machine';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { Page } from '@/ui/Page';
import { AlertsScreen } from './-components/AlertsScreen';

export const Route = createFileRoute('/_shell/alerts/')({
  staticData: { routeName: 'alerts' },
  component: AlertsPage,
});

function AlertsPage() {
  const user = useSignedInUser();
  const { workspaceData } = useAppContext();
  const lists = useSelector(workspaceData, (snapshot) => snapshot.context.lists);
  // The lists loaded at sign-in show at once; the page still fetches fresh ones.
  const seed =
    lists?.alerts.status === 'loaded'
      ? {
          alerts: lists.alerts.data,
          mailboxes: lists.mailboxes.status === 'loaded' ? lists.mailboxes.data : [],
        }
      : null;
  return (
    <Page>
      <AlertsScreen machine={alertsMachine} user={user} seed={seed} />
    </Page>
  );
}
