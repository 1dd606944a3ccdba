import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../../ui/EmptyState';
import { PlugIcon } from '../../ui/icons';
import { Card, Page, PageHeader } from '../../ui/Page';

export const Route = createFileRoute('/_shell/integrations')({
  staticData: { routeName: 'integrations' },
  component: IntegrationsPage,
});

function IntegrationsPage() {
  return (
    <Page>
      <PageHeader
        title="Integrations"
        subtitle="Connect the tools your team already uses to bring their data next to your email statistics."
      />
      <Card>
        <EmptyState
          icon={<PlugIcon size={26} />}
          title="CRM, sales and data warehouse tools"
          text="Ask for the integration you need and we'll get in touch to set it up."
        />
      </Card>
    </Page>
  );
}
