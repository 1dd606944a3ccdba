import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine } from '@/app-context';
import { createTeamsMachine } from '@/machines/teams/teams.machine';
import { useSignedInUser } from '@/app-context';
import { useListSeed } from '../../-components/use-list-seed';
import { TeamsTab } from './-components/teams/TeamsTab';

export const Route = createFileRoute('/_shell/settings/teams')({
  staticData: { routeName: 'TeamsSettings' },
  component: TeamsSettingsPage,
});

function TeamsSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createTeamsMachine);
  const seed = useListSeed('teams', ['mailboxes']);
  return <TeamsTab machine={machine} user={user} seed={seed} />;
}
