import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createCompanyHoursMachine } from '@/machines/business-hours/company-hours.machine';
import { createHolidaysMachine } from '@/machines/business-hours/holidays.machine';
import { CompanyHoursPage } from './-components/business/CompanyHoursPage';
import { HolidaysCard } from './-components/business/HolidaysCard';

export const Route = createFileRoute('/_shell/settings/business')({
  staticData: { routeName: 'BusinessSettings', feature: 'business_hours' },
  component: BusinessSettingsPage,
});

function BusinessSettingsPage() {
  const user = useSignedInUser();
  const readOnly = user.features.business_hours.read_only;
  const machine = useFlowMachine(createCompanyHoursMachine);
  const holidays = useFlowMachine(createHolidaysMachine);
  return (
    <>
      <CompanyHoursPage machine={machine} readOnly={readOnly} />
      <HolidaysCard machine={holidays} readOnly={readOnly} />
    </>
  );
}
