import type { User } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { sameView } from '@/machines/shared/same-view';
import type { UsersActor, UsersInput, UsersMachine } from '@/machines/users/users.machine';
import { usersView } from '@/machines/users/users.view';
import { isSameEmail } from '@/machines/users/users.rows';
import type { UserInfo } from '@/session/user-info';
import { Button } from '@/ui/Button';
import { PlusIcon } from '@/ui/icons';
import { LimitDialog } from '@/ui/LimitDialog';
import { PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { ListTable } from '@/screens/table/ListTable';
import type { RowMenuItem } from '@/ui/table/table-types';
import { RemoveUsersDialog } from './RemoveUsersDialog';
import { userColumns } from './user-columns';
import { UsersDialog } from './UsersDialog';
import '../settings-lists.css';

interface UsersTabProps {
  machine: UsersMachine;
  user: UserInfo;
  seed: UsersInput['seed'];
}

/** Every row's menu but the signed-in user's own. */
const userMenu = (row: User, actor: UsersActor, remove: (list: User[]) => void): RowMenuItem[] => [
  { label: 'Edit role', onSelect: () => actor.send({ type: 'EDIT', user: row }) },
  { label: 'Remove user', danger: true, onSelect: () => remove([row]) },
];

/** The users tab: Add new users, the table, and its modals. */
export function UsersTab({ machine, user, seed }: UsersTabProps) {
  const actor = useActorRef(machine, {
    input: { seed, maxUsers: user.maxUsers, currentEmail: user.email, features: user.features },
  });
  const { users, mailboxes, teams, limitOpen, editor, remover } = useSelector(
    actor,
    usersView,
    sameView,
  );
  const byEmail = useMemo(() => new Map(users.map((u) => [u.email, u])), [users]);
  const columns = useMemo(() => userColumns(user.email), [user.email]);
  const writable = !user.features.users.read_only;

  const remove = (list: User[]) => actor.send({ type: 'REMOVE', users: list });
  const rowMenu = (row: User): RowMenuItem[] =>
    isSameEmail(row.email, user.email) ? [] : userMenu(row, actor, remove);

  return (
    <>
      <PageHeader
        level={2}
        title="Users"
        subtitle="The people who can sign in to this workspace, and the statistics each of them can see."
        actions={
          writable && (
            <Button icon={<PlusIcon size={16} />} onClick={() => actor.send({ type: 'ADD' })}>
              Add new users
            </Button>
          )
        }
      />
      {!writable && <ReadOnlyNote />}
      <ListTable
        tab={actor}
        label="Users"
        columns={columns}
        items={byEmail}
        rowName={(row) => row.email}
        writable={writable}
        rowMenu={rowMenu}
        onRemove={remove}
        searchPlaceholder="Search by name, email or role"
        emptyState={null}
      />
      {editor && (
        <UsersDialog
          editor={editor}
          mailboxes={mailboxes}
          teams={user.features.teams.enabled ? teams : null}
        />
      )}
      {remover && <RemoveUsersDialog remover={remover} />}
      <LimitDialog
        open={limitOpen}
        noun="user"
        max={user.maxUsers}
        onClose={() => actor.send({ type: 'CLOSE_LIMIT' })}
      />
    </>
  );
}
