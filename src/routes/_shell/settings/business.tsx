import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '@/api/client';
import { createHolidaysMachine } from '@/machines/business-hours/holidays.machine';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { CompanyHoursPage } from './-components/business/CompanyHoursPage';
import { HolidaysCard } from './-components/business/HolidaysCard';

export const Route = createFileRoute('/_shell/settings/business')({
  staticData: { routeName: 'BusinessSettings' },
  component: BusinessSettingsPage,
});

function BusinessSettingsPage() {
  const user = useSignedInUser();
  const readOnly = user.features.business_hours.read_only;
  // Built once per visit over the app's client.
  const [holidays] = useState(() => createHolidaysMachine(api));
  return (
    <>
      <CompanyHoursPage readOnly={readOnly} />
      <HolidaysCard machine={holidays} readOnly={readOnly} />
    </>
  );
}
