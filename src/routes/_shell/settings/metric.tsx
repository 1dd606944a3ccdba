import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createExclusionsMachine } from '@/machines/metric-adjustments/exclusions.machine';
import { createInternalDomainsMachine } from '@/machines/metric-adjustments/internal-domains.machine';
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
  const exclusions = useFlowMachine(createExclusionsMachine);
  const internalDomains = useFlowMachine(createInternalDomainsMachine);
  return (
    <>
      <PageHeader
        level={2}
        title="Metric Adjustments"
        subtitle="Choose which emails count in your statistics and which domains are internal."
      />
      {readOnly && <ReadOnlyNote />}
      <ExclusionsCard machine={exclusions} provider={user.emailProvider} readOnly={readOnly} />
      <InternalDomainsCard machine={internalDomains} readOnly={readOnly} />
    </>
  );
}
