import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine, useSignedInUser } from '@/app-context';
import { createApiTokensMachine } from '@/machines/api-tokens/api-tokens.machine';
import { useListSeed } from '../../-components/use-list-seed';
import { ApiTokensTab } from './-components/api/ApiTokensTab';

export const Route = createFileRoute('/_shell/settings/api')({
  staticData: { routeName: 'ApiSettings', feature: 'api_tokens' },
  component: ApiSettingsPage,
});

function ApiSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createApiTokensMachine);
  const seed = useListSeed('api_tokens');
  return (
    <ApiTokensTab
      machine={machine}
      seed={seed?.api_tokens ?? null}
      readOnly={user.features.api_tokens.read_only}
    />
  );
}
