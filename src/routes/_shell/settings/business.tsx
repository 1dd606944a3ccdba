import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/business')({
  staticData: { routeName: 'BusinessSettings' },
  component: BusinessSettingsPage,
});

function BusinessSettingsPage() {
  return (
    <PageHeader
      level={2}
      title="Business Hours"
      subtitle="Your company's weekly working hours and timezone, used to measure response times."
    />
  );
}
