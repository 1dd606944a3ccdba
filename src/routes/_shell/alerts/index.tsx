import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine } from '@/app-context';
import { createAlertsMachine } from '@/machines/alerts/alerts.machine';
import { useSignedInUser } from '@/app-context';
import { Page } from '@/ui/Page';
import { useListSeed } from '../../-components/use-list-seed';
import { AlertsScreen } from './-components/AlertsScreen';

export const Route = createFileRoute('/_shell/alerts/')({
  staticData: { routeName: 'alerts' },
  component: AlertsPage,
});

function AlertsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createAlertsMachine);
  const seed = useListSeed('alerts', ['mailboxes']);
  return (
    <Page>
      <AlertsScreen machine={machine} user={user} seed={seed} />
    </Page>
  );
}
