import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { ExclusionsCard } from './-components/metric/ExclusionsCard';
import { InternalDomainsCard } from './-components/metric/InternalDomainsCard';

export const Route = createFileRoute('/_shell/settings/metric')({
  staticData: { routeName: 'MetricAdjustments' },
  component: MetricAdjustmentsPage,
});

function MetricAdjustmentsPage() {
  const user = useSignedInUser();
  const readOnly = user.features.metric_adjustments.read_only;
  return (
    <>
      <PageHeader
        level={2}
        title="Metric Adjustments"
        subtitle="Choose which emails count in your statistics and which domains are internal."
      />
      {readOnly && <ReadOnlyNote />}
      <ExclusionsCard provider={user.emailProvider} readOnly={readOnly} />
      <InternalDomainsCard readOnly={readOnly} />
    </>
  );
}
