import { createFileRoute } from '@tanstack/react-router';
import { useAppContext } from '@/app-context';
import { DashboardPage } from './-components/dashboard/DashboardPage';

export const Route = createFileRoute('/_shell/dashboard')({
  staticData: { routeName: 'dashboard' },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { dashboard } = useAppContext();
  return <DashboardPage dashboard={dashboard} />;
}
