import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { sortByWeekday, type BusinessHoursEntry } from '../domain/business-hours';

export type BusinessHours = Schemas['BusinessHours'];

// Times are read as text so both drivers return the contract's HH:MM:SS.
const DAY_COLUMNS = `weekday, to_char(start_time, 'HH24:MI:SS') as start_time, to_char(end_time, 'HH24:MI:SS') as end_time`;

/** The day columns as three parallel arrays, for one `unnest` insert. */
function dayArrays(entries: readonly BusinessHoursEntry[]): [string[], string[], string[]] {
  return [
    entries.map((e) => e.weekday),
    entries.map((e) => e.start_time),
    entries.map((e) => e.end_time),
  ];
}

/** The company's hours, or null when they were never set (or were cleared). */
export async function findCompanyHours(
  tx: Queryable,
  workspaceId: number,
): Promise<BusinessHours | null> {
  const [company] = await tx.query<{ timezone: string }>(
    `select timezone from company_business_hours where workspace_id = $1`,
    [workspaceId],
  );
  if (!company) return null;
  const days = await tx.query<BusinessHoursEntry>(
    `select ${DAY_COLUMNS} from company_business_hour_days where workspace_id = $1`,
    [workspaceId],
  );
  return { business_hours: sortByWeekday(days), timezone: company.timezone };
}

export async function replaceCompanyHours(
  tx: Queryable,
  workspaceId: number,
  hours: BusinessHours,
): Promise<void> {
  await tx.query(
    `insert into company_business_hours (workspace_id, timezone) values ($1, $2)
     on conflict (workspace_id) do update set timezone = excluded.timezone`,
    [workspaceId, hours.timezone],
  );
  await tx.query(`delete from company_business_hour_days where workspace_id = $1`, [workspaceId]);
  await tx.query(
    `insert into company_business_hour_days (workspace_id, weekday, start_time, end_time)
     select $1, d.weekday, d.start_time::time, d.end_time::time
       from unnest($2::text[], $3::text[], $4::text[]) as d(weekday, start_time, end_time)`,
    [workspaceId, ...dayArrays(hours.business_hours)],
  );
}

export async function deleteCompanyHours(tx: Queryable, workspaceId: number): Promise<void> {
  await tx.query(`delete from company_business_hours where workspace_id = $1`, [workspaceId]);
}

export interface MailboxRef {
  mailboxId: number;
  /** Set only when the mailbox has hours of its own. */
  timezone: string | null;
}

/** A tracked mailbox by address, in any case. */
export async function findMailbox(
  tx: Queryable,
  workspaceId: number,
  email: string,
): Promise<MailboxRef | null> {
  const [row] = await tx.query<{ mailbox_id: number; bhs_timezone: string | null }>(
    `select mailbox_id, bhs_timezone from mailboxes
      where workspace_id = $1 and lower(email) = lower($2) and removed_at is null`,
    [workspaceId, email],
  );
  return row ? { mailboxId: row.mailbox_id, timezone: row.bhs_timezone } : null;
}

export async function findMailboxHours(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
): Promise<BusinessHoursEntry[]> {
  const days = await tx.query<BusinessHoursEntry>(
    `select ${DAY_COLUMNS} from mailbox_business_hours where workspace_id = $1 and mailbox_id = $2`,
    [workspaceId, mailboxId],
  );
  return sortByWeekday(days);
}

export async function replaceMailboxHours(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
  hours: BusinessHours,
): Promise<void> {
  await clearMailboxHours(tx, workspaceId, mailboxId);
  await tx.query(
    `update mailboxes set bhs_timezone = $3 where workspace_id = $1 and mailbox_id = $2`,
    [workspaceId, mailboxId, hours.timezone],
  );
  await tx.query(
    `insert into mailbox_business_hours (workspace_id, mailbox_id, weekday, start_time, end_time)
     select $1, $2, d.weekday, d.start_time::time, d.end_time::time
       from unnest($3::text[], $4::text[], $5::text[]) as d(weekday, start_time, end_time)`,
    [workspaceId, mailboxId, ...dayArrays(hours.business_hours)],
  );
}

/** Removes the mailbox's own hours, so the company's apply again. */
export async function clearMailboxHours(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
): Promise<void> {
  await tx.query(`delete from mailbox_business_hours where workspace_id = $1 and mailbox_id = $2`, [
    workspaceId,
    mailboxId,
  ]);
  await tx.query(
    `update mailboxes set bhs_timezone = null where workspace_id = $1 and mailbox_id = $2`,
    [workspaceId, mailboxId],
  );
}
