import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { BellIcon } from '../../../ui/icons';
import { Card, Page, PageHeader } from '../../../ui/Page';

export const Route = createFileRoute('/_shell/alerts/')({
  staticData: { routeName: 'alerts' },
  component: AlertsPage,
});

function AlertsPage() {
  return (
    <Page>
      <PageHeader
        title="Alerts"
        subtitle="Set up alerts for unreplied emails to prevent slow responses and missed emails."
      />
      <Card>
        <EmptyState
          icon={<BellIcon size={26} />}
          title="Never miss an important email again"
          text="Get alerted when an important customer has not been replied to within 2 hours."
        />
      </Card>
    </Page>
  );
}
