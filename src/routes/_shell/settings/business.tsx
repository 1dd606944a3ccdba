import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createCompanyHoursMachine } from '@/machines/business-hours/company-hours.machine';
import { CompanyHoursPage } from './-components/business/CompanyHoursPage';

export const Route = createFileRoute('/_shell/settings/business')({
  staticData: { routeName: 'BusinessSettings' },
  component: BusinessSettingsPage,
});

function BusinessSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createCompanyHoursMachine);
  return <CompanyHoursPage machine={machine} readOnly={user.features.business_hours.read_only} />;
}
