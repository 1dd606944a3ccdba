import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import { teamsMachine } from '@/machines/teams/teams.machine';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { TeamsTab } from './-components/teams/TeamsTab';

export const Route = createFileRoute('/_shell/settings/teams')({
  staticData: { routeName: 'TeamsSettings' },
  component: TeamsSettingsPage,
});

function TeamsSettingsPage() {
  const user = useSignedInUser();
  const { workspaceData } = useAppContext();
  const lists = useSelector(workspaceData, (snapshot) => snapshot.context.lists);
  // The lists loaded at sign-in show at once; the tab still fetches fresh ones.
  const seed =
    lists?.teams.status === 'loaded'
      ? {
          teams: lists.teams.data,
          mailboxes: lists.mailboxes.status === 'loaded' ? lists.mailboxes.data : [],
        }
      : null;
  return <TeamsTab machine={teamsMachine} user={user} seed={seed} />;
}
