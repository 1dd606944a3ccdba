import type { Team } from '@/api/types';
import { formatMoment } from '@/domain/dates';
import { plural } from '@/domain/text';
import type { TeamColumn } from '@/machines/teams/teams.rows';
import type { Column } from '@/ui/table/table-types';
import { TruncatedText } from '@/ui/TruncatedText';

/** Name, members and created date. */
export const TEAM_COLUMNS: readonly (Column<Team> & { id: TeamColumn })[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    width: '30%',
    render: (team) => <TruncatedText className="table-primary">{team.name}</TruncatedText>,
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
        <TruncatedText className="table-secondary">{team.members.join(', ')}</TruncatedText>
      </>
    ),
  },
  {
    id: 'created',
    header: 'Created',
    sortable: true,
    width: '150px',
    minor: true,
    stacked: (team) => `Created ${formatMoment(team.created)}`,
    render: (team) => <span className="table-muted">{formatMoment(team.created)}</span>,
  },
];
