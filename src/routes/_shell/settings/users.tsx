import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useAppContext } from '@/app-context';
import { usersMachine } from '@/machines/users/users.machine';
import { useSignedInUser } from '@/session/use-signed-in-user';
import { UsersTab } from './-components/users/UsersTab';

export const Route = createFileRoute('/_shell/settings/users')({
  staticData: { routeName: 'UsersSettings' },
  component: UsersSettingsPage,
});

function UsersSettingsPage() {
  const user = useSignedInUser();
  const { workspaceData } = useAppContext();
  const lists = useSelector(workspaceData, (snapshot) => snapshot.context.lists);
  const seed =
    lists?.users.status === 'loaded'
      ? {
          users: lists.users.data,
          mailboxes: lists.mailboxes.status === 'loaded' ? lists.mailboxes.data : [],
          teams: lists.teams.status === 'loaded' ? lists.teams.data : [],
        }
      : null;
  return <UsersTab machine={usersMachine} user={user} seed={seed} />;
}
