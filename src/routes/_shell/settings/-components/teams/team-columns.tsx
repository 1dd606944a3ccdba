import type { Team } from '@/api/types';
import { formatMoment } from '@/domain/dates';
import { plural } from '@/domain/text';
import type { TeamColumn } from '@/machines/teams.rows';
import type { Column } from '@/ui/table/table-types';

/** Name, members and created date (spec 2, Teams tab). */
export const TEAM_COLUMNS: readonly (Column<Team> & { id: TeamColumn })[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    width: '30%',
    render: (team) => <span className="table-primary">{team.name}</span>,
  },
  {
    id: 'members',
    header: 'Members',
    sortable: true,
    render: (team) => (
      <>
        <span className="table-primary">
          {team.members.length} {plural(team.members.length, 'mailbox', 'mailboxes')}
        </span>
        <span className="table-secondary">{team.members.join(', ')}</span>
      </>
    ),
  },
  {
    id: 'created',
    header: 'Created',
    sortable: true,
    width: '150px',
    minor: true,
    render: (team) => <span className="table-muted">{formatMoment(team.created)}</span>,
  },
];
