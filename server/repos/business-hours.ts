import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { sortByWeekday, type BusinessHoursEntry } from '../domain/business-hours';

export type BusinessHours = Schemas['BusinessHours'];

// Times are read as text so both drivers return the contract's HH:MM:SS.
const DAY_COLUMNS = sql`weekday, to_char(start_time, 'HH24:MI:SS') as start_time, to_char(end_time, 'HH24:MI:SS') as end_time`;

/** The days as rows `d(weekday, start_time, end_time)`, from three parallel arrays. */
function dayRows(entries: readonly BusinessHoursEntry[]) {
  const weekdays = entries.map((e) => e.weekday);
  const starts = entries.map((e) => e.start_time);
  const ends = entries.map((e) => e.end_time);
  return sql`unnest(${weekdays}::text[], ${starts}::text[], ${ends}::text[]) as d(weekday, start_time, end_time)`;
}

/** The company's hours, or null when they were never set (or were cleared). */
export async function findCompanyHours(
  tx: Queryable,
  workspaceId: number,
): Promise<BusinessHours | null> {
  // One statement (the zone with its days), as the audit log reads it before and after a save.
  const rows = await tx.query<{ timezone: string } & Partial<BusinessHoursEntry>>(sql`
    select c.timezone, d.weekday, to_char(d.start_time, 'HH24:MI:SS') as start_time,
           to_char(d.end_time, 'HH24:MI:SS') as end_time
      from company_business_hours c
      left join company_business_hour_days d on d.workspace_id = c.workspace_id
     where c.workspace_id = ${workspaceId}`);
  return companyHoursOf(rows);
}

/** The zone with its days from rows `(timezone, weekday?, start_time?, end_time?)`. */
function companyHoursOf(
  rows: readonly ({ timezone: string } & Partial<BusinessHoursEntry>)[],
): BusinessHours | null {
  const [company] = rows;
  if (!company) return null;
  const days = rows.flatMap(({ weekday, start_time, end_time }) =>
    weekday && start_time && end_time ? [{ weekday, start_time, end_time }] : [],
  );
  return { business_hours: sortByWeekday(days), timezone: company.timezone };
}

/** What a save of the company hours replaced, and what it saved, from its own statements. */
interface CompanyHoursChange {
  before: BusinessHours | null;
  after: BusinessHours;
}

export async function replaceCompanyHours(
  tx: Queryable,
  workspaceId: number,
  hours: BusinessHours,
): Promise<CompanyHoursChange> {
  // The subquery reads the statement's snapshot: the zone as it was before this upsert.
  const [zone] = await tx.query<{ before: string | null; after: string }>(sql`
    insert into company_business_hours (workspace_id, timezone) values (${workspaceId}, ${hours.timezone})
        on conflict (workspace_id) do update set timezone = excluded.timezone
    returning (select timezone from company_business_hours where workspace_id = ${workspaceId}) as before,
              timezone as after`);
  const gone = await tx.query<BusinessHoursEntry>(
    sql`delete from company_business_hour_days where workspace_id = ${workspaceId}
        returning ${DAY_COLUMNS}`,
  );
  const saved = await tx.query<BusinessHoursEntry>(
    sql`insert into company_business_hour_days (workspace_id, weekday, start_time, end_time)
     select ${workspaceId}, d.weekday, d.start_time::time, d.end_time::time
       from ${dayRows(hours.business_hours)}
     returning ${DAY_COLUMNS}`,
  );
  const before = zone?.before ?? null;
  return {
    before: before === null ? null : { business_hours: sortByWeekday(gone), timezone: before },
    after: { business_hours: sortByWeekday(saved), timezone: zone?.after ?? hours.timezone },
  };
}

/** Clears the company hours; what they were (null when none were set). */
export async function deleteCompanyHours(
  tx: Queryable,
  workspaceId: number,
): Promise<BusinessHours | null> {
  // The days go first, by name, so their rows come back (the zone's cascade would return none).
  const rows = await tx.query<{ timezone: string } & Partial<BusinessHoursEntry>>(sql`
    with days as (
      delete from company_business_hour_days where workspace_id = ${workspaceId}
      returning ${DAY_COLUMNS}),
    zone as (
      delete from company_business_hours where workspace_id = ${workspaceId} returning timezone)
    select zone.timezone, days.* from zone left join days on true`);
  return companyHoursOf(rows);
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
  const [row] = await tx.query<{
    mailbox_id: number;
    bhs_timezone: string | null;
  }>(sql`select mailbox_id, bhs_timezone from mailboxes
      where workspace_id = ${workspaceId} and lower(email) = lower(${email}) and removed_at is null`);
  return row ? { mailboxId: row.mailbox_id, timezone: row.bhs_timezone } : null;
}

export async function findMailboxHours(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
): Promise<BusinessHoursEntry[]> {
  const days = await tx.query<BusinessHoursEntry>(
    sql`select ${DAY_COLUMNS} from mailbox_business_hours where workspace_id = ${workspaceId} and mailbox_id = ${mailboxId}`,
  );
  return sortByWeekday(days);
}

/** Replaces a mailbox's own days and zone; the days it removed and those it saved. */
export async function replaceMailboxHours(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
  hours: BusinessHours,
): Promise<{ before: BusinessHoursEntry[]; after: BusinessHoursEntry[] }> {
  const before = await clearMailboxHours(tx, workspaceId, mailboxId);
  await tx.query(
    sql`update mailboxes set bhs_timezone = ${hours.timezone} where workspace_id = ${workspaceId} and mailbox_id = ${mailboxId}`,
  );
  const saved = await tx.query<BusinessHoursEntry>(
    sql`insert into mailbox_business_hours (workspace_id, mailbox_id, weekday, start_time, end_time)
     select ${workspaceId}, ${mailboxId}, d.weekday, d.start_time::time, d.end_time::time
       from ${dayRows(hours.business_hours)}
     returning ${DAY_COLUMNS}`,
  );
  return { before, after: sortByWeekday(saved) };
}

/** Removes the mailbox's own hours, so the company's apply again; the days it removed. */
export async function clearMailboxHours(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
): Promise<BusinessHoursEntry[]> {
  const removed = await tx.query<BusinessHoursEntry>(
    sql`delete from mailbox_business_hours where workspace_id = ${workspaceId} and mailbox_id = ${mailboxId}
        returning ${DAY_COLUMNS}`,
  );
  await tx.query(
    sql`update mailboxes set bhs_timezone = null where workspace_id = ${workspaceId} and mailbox_id = ${mailboxId}`,
  );
  return sortByWeekday(removed);
}
