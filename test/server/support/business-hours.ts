import type { TestSuite } from './suite';

// The business hours API as its route tests call it (business-hours-company.test.ts,
// business-hours-mailbox-access.test.ts).

export const COMPANY = '/portal/api/settings/company-business-hours/';
export const mailboxUrl = (email: string) =>
  `/portal/api/settings/business-hours/${encodeURIComponent(email)}`;

/** A day's hours as the API takes and gives them: 09:00 to 17:30 unless told. */
export const day = (weekday: string, start_time = '09:00:00', end_time = '17:30:00') => ({
  weekday,
  start_time,
  end_time,
});

/** Fresh workspaces, their admin, and what is stored about their hours. */
export function businessHoursRows(t: TestSuite) {
  const workspace = () => t.workspace();

  /** Everything stored about a workspace's hours, to prove a refused write changed nothing. */
  async function stored(workspaceId: number) {
    const q = (sql: string) => t.db.query(sql, [workspaceId]);
    return {
      company: await q(`select timezone from company_business_hours where workspace_id = $1`),
      companyDays: await q(
        `select weekday, start_time::text, end_time::text from company_business_hour_days where workspace_id = $1 order by weekday`,
      ),
      mailboxDays: await q(
        `select mailbox_id, weekday, start_time::text, end_time::text from mailbox_business_hours where workspace_id = $1 order by mailbox_id, weekday`,
      ),
      timezones: await q(
        `select email, bhs_timezone from mailboxes where workspace_id = $1 order by email`,
      ),
    };
  }

  return { workspace, admin: t.admin, stored };
}
