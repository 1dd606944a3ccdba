import type {
  BusinessHours,
  HolidayCountry,
  MailboxBusinessHours,
  MailboxHolidays,
} from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

/**
 * The mailbox's hours and the company's (the Company mode shows them, Custom starts from them),
 * and the countries whose public holidays Custom hours may follow.
 */
export interface MailboxHoursData {
  mailbox: MailboxBusinessHours;
  company: BusinessHours;
  countries: HolidayCountry[];
}

/**
 * Company deletes the override; Custom and Ignored post the mailbox's own hours, Custom with
 * the holidays they follow.
 */
export type MailboxHoursChange = { email: string } & (
  | { mode: 'Company' }
  | { mode: 'Ignored'; hours: BusinessHours }
  | { mode: 'Custom'; hours: BusinessHours; holidays: MailboxHolidays }
);

const MAILBOX_PATH = '/portal/api/settings/business-hours/{email}';

export function createMailboxHoursActors(client: ApiClient) {
  return {
    loadMailboxHours: fromPromise<MailboxHoursData, { email: string }>(
      async ({ input, signal }) => {
        const path = { email: input.email };
        const [mailbox, company, countries] = await Promise.all([
          expectData(client.GET(MAILBOX_PATH, { params: { path }, signal })),
          expectData(client.GET('/portal/api/settings/company-business-hours/', { signal })),
          expectData(client.GET('/portal/api/settings/holiday-countries/', { signal })),
        ]);
        return { mailbox, company, countries: countries.countries };
      },
    ),
    saveMailboxHours: fromPromise<void, MailboxHoursChange>(async ({ input }) => {
      const path = { email: input.email };
      if (input.mode === 'Company') {
        await expectData(client.DELETE(MAILBOX_PATH, { params: { path } }));
      } else {
        const body =
          input.mode === 'Custom' ? { ...input.hours, holidays: input.holidays } : input.hours;
        await expectData(client.POST(MAILBOX_PATH, { params: { path }, body }));
      }
    }),
  };
}
