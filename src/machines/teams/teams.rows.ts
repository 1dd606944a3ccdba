import type { Team } from '@/api/types';
import { formatMoment } from '@/domain/dates';
import { plural } from '@/domain/text';
import { TOAST_LONG_DURATION_MS, type ToastOptions } from '@/stores/toast-store';
import { DASHBOARD_TOMORROW } from '../shared/save-toasts';
import { searchText, type TableRow } from '../shared/table.view';

/** The sortable columns of the teams table. */
export type TeamColumn = 'name' | 'members' | 'created';

export function teamRow(team: Team): TableRow {
  return {
    key: String(team.id),
    selectable: true,
    text: searchText(team.name, ...team.members, formatMoment(team.created)),
    sort: {
      name: team.name,
      members: team.members.length,
      created: team.created,
    } satisfies Record<TeamColumn, string | number>,
  };
}

/** Team messages last 10 s and say when the dashboard shows the change. */
const teamToast = (title: string): ToastOptions => ({
  title,
  description: DASHBOARD_TOMORROW,
  variant: 'success',
  duration: TOAST_LONG_DURATION_MS,
});

export const TEAM_CREATED_TOAST = teamToast('New team created');
export const TEAM_EDITED_TOAST = teamToast('Team edited');
export const teamsRemovedToast = (count: number) => teamToast(`${plural(count, 'Team')} removed`);
