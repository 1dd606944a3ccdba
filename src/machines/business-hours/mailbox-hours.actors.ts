import type { BusinessHours, MailboxBusinessHours } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

/** The mailbox's hours and the company's: the Company mode shows them, Custom starts from them. */
export interface MailboxHoursData {
  mailbox: MailboxBusinessHours;
  company: BusinessHours;
}

/** Company deletes the override; Custom and Ignored post the mailbox's own hours. */
export type MailboxHoursChange = { email: string } & (
  { mode: 'Company' } | { mode: 'Custom' | 'Ignored'; hours: BusinessHours }
);

const MAILBOX_PATH = '/portal/api/settings/business-hours/{email}';

export function createMailboxHoursActors(client: ApiClient) {
  return {
    loadMailboxHours: fromPromise<MailboxHoursData, { email: string }>(
      async ({ input, signal }) => {
        const path = { email: input.email };
        const [mailbox, company] = await Promise.all([
          expectData(client.GET(MAILBOX_PATH, { params: { path }, signal })),
          expectData(client.GET('/portal/api/settings/company-business-hours/', { signal })),
        ]);
        return { mailbox, company };
      },
    ),
    saveMailboxHours: fromPromise<void, MailboxHoursChange>(async ({ input }) => {
      const path = { email: input.email };
      if (input.mode === 'Company') {
        await expectData(client.DELETE(MAILBOX_PATH, { params: { path } }));
      } else {
        await expectData(client.POST(MAILBOX_PATH, { params: { path }, body: input.hours }));
      }
    }),
  };
}
