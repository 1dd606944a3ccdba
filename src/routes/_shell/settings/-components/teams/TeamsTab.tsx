import type { Team } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { sameView } from '@/machines/shared/same-view';
import type { TeamsInput, TeamsMachine } from '@/machines/teams/teams.machine';
import { teamsView } from '@/machines/teams/teams.view';
import type { UserInfo } from '@/session/user-info';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { PlusIcon, UsersIcon } from '@/ui/icons';
import { PageHeader } from '@/ui/Page';
import { ReadOnlyNote } from '@/ui/ReadOnlyNote';
import { ListTable } from '@/screens/table/ListTable';
import type { RowMenuItem } from '@/ui/table/table-types';
import { RemoveTeamsDialog } from './RemoveTeamsDialog';
import { TEAM_COLUMNS } from './team-columns';
import { TeamDialog } from './TeamDialog';
import '../settings-lists.css';

interface TeamsTabProps {
  machine: TeamsMachine;
  user: UserInfo;
  seed: TeamsInput['seed'];
}

/** The teams tab: Create new team, the table, and its modals. */
export function TeamsTab({ machine, user, seed }: TeamsTabProps) {
  const actor = useActorRef(machine, { input: { seed, features: user.features } });
  const { teams, mailboxes, editor, remover } = useSelector(actor, teamsView, sameView);
  const byId = useMemo(() => new Map(teams.map((team) => [String(team.id), team])), [teams]);
  const writable = !user.features.teams.read_only;

  const remove = (list: Team[]) => actor.send({ type: 'REMOVE', teams: list });
  const rowMenu = (team: Team): RowMenuItem[] => [
    { label: 'Edit team', onSelect: () => actor.send({ type: 'EDIT', team }) },
    { label: 'Remove team', danger: true, onSelect: () => remove([team]) },
  ];
  const create = writable && (
    <Button icon={<PlusIcon size={16} />} onClick={() => actor.send({ type: 'CREATE' })}>
      Create new team
    </Button>
  );

  return (
    <>
      <PageHeader
        level={2}
        title="Teams"
        subtitle="Group mailboxes into teams to follow them together on your dashboard."
        actions={create}
      />
      {!writable && <ReadOnlyNote />}
      <ListTable
        tab={actor}
        label="Teams"
        columns={TEAM_COLUMNS}
        items={byId}
        rowName={(team) => team.name}
        writable={writable}
        rowMenu={rowMenu}
        onRemove={remove}
        searchPlaceholder="Search by team or mailbox"
        emptyState={
          <EmptyState
            headingLevel={3}
            icon={<UsersIcon size={26} />}
            title="Start by creating a team"
            text="Teams group mailboxes, so you can follow them together and give managers access to them."
            action={create}
          />
        }
      />
      {editor && <TeamDialog editor={editor} mailboxes={mailboxes} />}
      {remover && <RemoveTeamsDialog remover={remover} />}
    </>
  );
}
