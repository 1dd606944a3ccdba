import { createFileRoute } from '@tanstack/react-router';
import { useFlowMachine } from '@/app-context';
import { createUsersMachine } from '@/machines/users/users.machine';
import { useSignedInUser } from '@/app-context';
import { useListSeed } from '../../-components/use-list-seed';
import { UsersTab } from './-components/users/UsersTab';

export const Route = createFileRoute('/_shell/settings/users')({
  staticData: { routeName: 'UsersSettings' },
  component: UsersSettingsPage,
});

function UsersSettingsPage() {
  const user = useSignedInUser();
  const machine = useFlowMachine(createUsersMachine);
  const seed = useListSeed('users', ['mailboxes', 'teams']);
  return <UsersTab machine={machine} user={user} seed={seed} />;
}
