import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from './-components/integrations/IntegrationsPage';

export const Route = createFileRoute('/_shell/integrations')({
  staticData: { routeName: 'integrations' },
  component: () => <IntegrationsPage />,
});
