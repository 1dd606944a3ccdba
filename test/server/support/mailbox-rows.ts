import type { TestSuite } from './suite';

/** A day relative to today (UTC) as YYYY-MM-DD. */
export function dayFromToday(offsetDays: number, offsetYears = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + offsetYears);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

/** A weekday with its start and end, as `mailbox_business_hours` stores them. */
export type HoursRow = [string, string, string];

/** The mailbox rows of a suite's database, read and written around the mailboxes API. */
export function mailboxRows(t: TestSuite) {
  /** The workspace's tracked mailboxes, by address. */
  async function stored(workspaceId: number) {
    return t.db.query<{ email: string; full_name: string; status: string; data_from: string }>(
      `select email, full_name, status, data_from from mailboxes
        where workspace_id = $1 and removed_at is null order by email`,
      [workspaceId],
    );
  }

  async function mailboxId(workspaceId: number, email: string) {
    const [row] = await t.db.query<{ mailbox_id: number }>(
      `select mailbox_id from mailboxes where workspace_id = $1 and email = $2`,
      [workspaceId, email],
    );
    if (!row) throw new Error(`no mailbox ${email}`);
    return row.mailbox_id;
  }

  /** Gives the mailbox its own timezone and hours. */
  async function setHours(workspaceId: number, email: string, timezone: string, days: HoursRow[]) {
    const id = await mailboxId(workspaceId, email);
    await t.db.query(
      `update mailboxes set bhs_timezone = $3 where workspace_id = $1 and mailbox_id = $2`,
      [workspaceId, id, timezone],
    );
    for (const [weekday, start, end] of days) {
      await t.db.query(
        `insert into mailbox_business_hours (workspace_id, mailbox_id, weekday, start_time, end_time) values ($1, $2, $3, $4, $5)`,
        [workspaceId, id, weekday, start, end],
      );
    }
  }

  return { stored, mailboxId, setHours };
}
