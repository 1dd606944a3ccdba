import type { Mailbox, Team } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { fetchTrackedMailboxes } from '../mailboxes/mailboxes.actors';
import type { SaveInput } from '../shared/modal-save.machine';
import type { TeamDraft } from './teams.draft';

/** The teams tab's lists: the teams, and the mailboxes they can be made of. */
export interface TeamsData {
  teams: Team[];
  mailboxes: Mailbox[];
}

/** What the remove-confirmation modal of the teams tab removes. */
export interface RemoveTeamsDraft {
  ids: number[];
  names: string[];
}

export function createTeamsActors(client: ApiClient) {
  return {
    loadTeamsData: fromPromise<TeamsData, { features: Features }>(async ({ input, signal }) => {
      const [teams, mailboxes] = await Promise.all([
        expectData(client.GET('/portal/api/settings/teams/', { signal })),
        fetchTrackedMailboxes(client, input.features, signal),
      ]);
      return { teams: teams.teams, mailboxes };
    }),

    /** Creates a team (POST) or edits one (PATCH with its id). */
    saveTeam: fromPromise<void, SaveInput<TeamDraft>>(async ({ input: { draft } }) => {
      const body = { name: draft.name.trim(), members: draft.members };
      if (draft.id === null) {
        await expectData(client.POST('/portal/api/settings/teams/', { body }));
      } else {
        await expectData(
          client.PATCH('/portal/api/settings/teams/', { body: { ...body, id: draft.id } }),
        );
      }
    }),

    removeTeams: fromPromise<void, SaveInput<RemoveTeamsDraft>>(async ({ input }) => {
      await expectData(
        client.DELETE('/portal/api/settings/teams/', { body: { teams: input.draft.ids } }),
      );
    }),
  };
}
