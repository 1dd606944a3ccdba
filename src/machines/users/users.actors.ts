import type { Mailbox, Team, User } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { fetchTrackedMailboxes } from '../mailboxes/mailboxes.actors';
import type { SaveInput } from '../shared/modal-save.machine';
import type { UsersDraft } from './users.draft';

/** The users tab's lists: the users, and the mailboxes and teams a manager can be given. */
export interface UsersData {
  users: User[];
  mailboxes: Mailbox[];
  teams: Team[];
}

/** What the remove-confirmation modal of the users tab removes. */
export interface RemoveUsersDraft {
  emails: string[];
  names: string[];
}

export function createUsersActors(client: ApiClient) {
  const assignManagers = (managerIds: number[], draft: UsersDraft) =>
    expectData(
      client.POST('/portal/api/settings/managers/', {
        body: { manager_ids: managerIds, mailboxes: draft.mailboxes, teams: draft.teams },
      }),
    );

  return {
    /** A disabled feature's list is not asked for (the server would refuse it). */
    loadUsersData: fromPromise<UsersData, { features: Features }>(async ({ input, signal }) => {
      const [users, mailboxes, teams] = await Promise.all([
        expectData(client.GET('/portal/api/settings/users/', { signal })),
        fetchTrackedMailboxes(client, input.features, signal),
        input.features.teams.enabled
          ? expectData(client.GET('/portal/api/settings/teams/', { signal }))
          : { teams: [] },
      ]);
      return { users: users.users, mailboxes, teams: teams.teams };
    }),

    /**
     * Adds users, or edits one: a changed role is re-created by posting the user again; an
     * unchanged one only updates a manager's grants. Managers get their grants in a second
     * call, on every host (the original skipped it on a local one and lost the grants).
     */
    saveUsers: fromPromise<void, SaveInput<UsersDraft>>(async ({ input: { draft } }) => {
      if (draft.role === null) throw new Error('A user needs a role');
      const isManager = draft.role === 'manager';
      if (draft.editing && draft.editing.role === draft.role) {
        if (isManager) await assignManagers([draft.editing.id], draft);
        return;
      }
      const { users } = await expectData(
        client.POST('/portal/api/settings/users/', {
          body: {
            ...(draft.editing ? { id: draft.editing.id } : {}),
            emails: draft.emails,
            role: draft.role,
            manage_mailboxes: isManager ? draft.mailboxes : [],
            manage_teams: isManager ? draft.teams : [],
          },
        }),
      );
      if (isManager)
        await assignManagers(
          users.map((user) => user.id),
          draft,
        );
    }),

    removeUsers: fromPromise<void, SaveInput<RemoveUsersDraft>>(async ({ input }) => {
      await expectData(
        client.DELETE('/portal/api/settings/users/', { body: { emails: input.draft.emails } }),
      );
    }),
  };
}
