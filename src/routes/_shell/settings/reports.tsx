import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import { reportsMachine } from '@/screens/reports/app-reports';
import { useSignedInUser } from '@/app-context';
import { ReportsTab } from './-components/reports/ReportsTab';

export const Route = createFileRoute('/_shell/settings/reports')({
  staticData: { routeName: 'ReportsSettings' },
  component: ReportsSettingsPage,
});

function ReportsSettingsPage() {
  const user = useSignedInUser();
  const { workspaceData } = useAppContext();
  const lists = useSelector(workspaceData, (snapshot) => snapshot.context.lists);
  // The list loaded at sign-in shows at once; the tab still fetches a fresh one.
  const seed = lists?.reports.status === 'loaded' ? lists.reports.data : null;
  const self = { email: user.email, name: user.name, role: user.role };
  const recipients =
    lists?.users.status === 'loaded'
      ? lists.users.data.map((u) => ({ email: u.email, name: u.full_name, role: u.role }))
      : [self];
  return <ReportsTab machine={reportsMachine} user={user} seed={seed} recipients={recipients} />;
}
