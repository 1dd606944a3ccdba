import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { CompanyHoursPage } from './-components/business/CompanyHoursPage';

export const Route = createFileRoute('/_shell/settings/business')({
  staticData: { routeName: 'BusinessSettings' },
  component: BusinessSettingsPage,
});

function BusinessSettingsPage() {
  const user = useSignedInUser();
  return <CompanyHoursPage readOnly={user.features.business_hours.read_only} />;
}
