import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useFlowMachine } from '@/app-context';
import { validateActivitySearch, type ActivitySearch } from '@/domain/activity-search';
import { createAuditMachine } from '@/machines/audit/audit.machine';
import { ActivityTab } from './-components/activity/ActivityTab';

// Admins only, whatever the workspace's features: the guard refuses every other role, and no
// feature can hide who changed what.
export const Route = createFileRoute('/_shell/settings/activity')({
  staticData: { routeName: 'ActivitySettings' },
  validateSearch: validateActivitySearch,
  component: ActivitySettingsPage,
});

function ActivitySettingsPage() {
  const machine = useFlowMachine(createAuditMachine);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearch = (next: ActivitySearch) => void navigate({ search: next });
  return <ActivityTab machine={machine} search={search} onSearch={onSearch} />;
}
