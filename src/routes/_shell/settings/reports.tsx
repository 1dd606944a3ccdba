import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createReportsMachine } from '@/machines/reports/reports.machine';
import { useListSeed } from '../../-components/use-list-seed';
import { ReportsTab } from './-components/reports/ReportsTab';

export const Route = createFileRoute('/_shell/settings/reports')({
  staticData: { routeName: 'ReportsSettings', feature: 'reports' },
  component: ReportsSettingsPage,
});

function ReportsSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createReportsMachine);
  const seed = useListSeed('reports', ['users']);
  const self = { email: user.email, name: user.name, role: user.role };
  // Whom an admin may subscribe: every user loaded at sign-in (themself at least).
  const users = seed?.users ?? [];
  const recipients =
    users.length > 0
      ? users.map((u) => ({ email: u.email, name: u.full_name, role: u.role }))
      : [self];
  return (
    <ReportsTab
      machine={machine}
      user={user}
      seed={seed?.reports ?? null}
      recipients={recipients}
    />
  );
}
