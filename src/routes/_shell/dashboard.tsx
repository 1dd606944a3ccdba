import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useAppContext } from '@/app-context';
import { validateDashboardSearch, type DashboardSearch } from '@/domain/dashboard-search';
import { DashboardPage } from './-components/dashboard/DashboardPage';

export const Route = createFileRoute('/_shell/dashboard')({
  staticData: { routeName: 'dashboard' },
  // The native dashboard's view; the embedded platforms ignore it.
  validateSearch: validateDashboardSearch,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { dashboard, api } = useAppContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearch = (next: DashboardSearch) => {
    void navigate({ search: validateDashboardSearch({ ...next }), replace: false });
  };
  return <DashboardPage dashboard={dashboard} client={api} search={search} onSearch={onSearch} />;
}
