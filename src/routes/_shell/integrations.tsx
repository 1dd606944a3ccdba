import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine } from '@/app-context';
import { createRequestFormMachine } from '@/machines/request-form/request-form.machine';
import { IntegrationsPage } from './-components/integrations/IntegrationsPage';

export const Route = createFileRoute('/_shell/integrations')({
  staticData: { routeName: 'integrations' },
  component: IntegrationsRoute,
});

function IntegrationsRoute() {
  const machine = useFlowMachine(createRequestFormMachine);
  return <IntegrationsPage machine={machine} />;
}
