import type { Mailbox } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import type { SaveInput } from '../shared/modal-save.machine';

/** What the remove-confirmation modal of the mailboxes tab edits. */
export interface RemoveMailboxesDraft {
  emails: string[];
  /** The mailboxes' names (or addresses), for the modal's text. */
  names: string[];
  /** `delete_from_bq`: also delete their synced mail and statistics. */
  deleteData: boolean;
}

/** The mailboxes tab's list. */
export interface MailboxesData {
  mailboxes: Mailbox[];
}

/** The tracked mailboxes a list chooses from; none while the mailboxes feature is off. */
export async function fetchTrackedMailboxes(
  client: ApiClient,
  features: Features,
  signal: AbortSignal,
): Promise<Mailbox[]> {
  if (!features.mailboxes.enabled) return [];
  return (await expectData(client.GET('/portal/api/settings/mailboxes/', { signal }))).mailboxes;
}

export function createMailboxesActors(client: ApiClient) {
  return {
    loadMailboxes: fromPromise<MailboxesData>(async ({ signal }) => {
      const { mailboxes } = await expectData(
        client.GET('/portal/api/settings/mailboxes/', { signal }),
      );
      return { mailboxes };
    }),
    removeMailboxes: fromPromise<void, SaveInput<RemoveMailboxesDraft>>(async ({ input }) => {
      await expectData(
        client.DELETE('/portal/api/settings/mailboxes/', {
          body: { emails: input.draft.emails, delete_from_bq: input.draft.deleteData },
        }),
      );
    }),
  };
}
