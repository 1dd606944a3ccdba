import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../ui/Page';

export const Route = createFileRoute('/_shell/settings/metric')({
  staticData: { routeName: 'MetricAdjustments' },
  component: MetricAdjustmentsPage,
});

function MetricAdjustmentsPage() {
  return (
    <PageHeader
      level={2}
      title="Metric Adjustments"
      subtitle="Choose which emails count in your statistics and which domains are internal."
    />
  );
}
