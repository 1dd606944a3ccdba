import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';

// Company holidays (closed dates of a workspace, keyed by their first date) and the holiday
// calendar a mailbox with Custom hours follows.

export type Holiday = Schemas['Holiday'];
type MailboxHolidays = Schemas['MailboxHolidays'];

const COLUMNS = sql`to_char(first_date, 'YYYY-MM-DD') as date,
  to_char(last_date, 'YYYY-MM-DD') as last_date, name, source`;

export async function listHolidays(tx: Queryable, workspaceId: number): Promise<Holiday[]> {
  return tx.query<Holiday>(
    sql`select ${COLUMNS} from company_holidays where workspace_id = ${workspaceId}
        order by first_date`,
  );
}

/** The holiday starting on `date`, if any. */
export async function findHoliday(
  tx: Queryable,
  workspaceId: number,
  date: string,
): Promise<Holiday | null> {
  const [row] = await tx.query<Holiday>(
    sql`select ${COLUMNS} from company_holidays
        where workspace_id = ${workspaceId} and first_date = ${date}::date`,
  );
  return row ?? null;
}

/** Adds the holidays whose first date starts none yet (the others are kept); the ones added. */
export async function addHolidays(
  tx: Queryable,
  workspaceId: number,
  holidays: readonly Holiday[],
): Promise<Holiday[]> {
  return tx.query<Holiday>(
    sql`insert into company_holidays (workspace_id, first_date, last_date, name, source)
        select ${workspaceId}, h.first_date, h.last_date, h.name, h.source
          from unnest(${holidays.map((h) => h.date)}::date[],
                      ${holidays.map((h) => h.last_date)}::date[],
                      ${holidays.map((h) => h.name)}::text[],
                      ${holidays.map((h) => h.source)}::text[])
               as h(first_date, last_date, name, source)
        on conflict (workspace_id, first_date) do nothing
        returning ${COLUMNS}`,
  );
}

/** Removes the holiday starting on `date`; the one removed, or null. */
export async function removeHoliday(
  tx: Queryable,
  workspaceId: number,
  date: string,
): Promise<Holiday | null> {
  const [row] = await tx.query<Holiday>(
    sql`delete from company_holidays where workspace_id = ${workspaceId} and first_date = ${date}::date
        returning ${COLUMNS}`,
  );
  return row ?? null;
}

const COMPANY: MailboxHolidays = { follows: 'company', country: null, region: null };

/** The calendar a mailbox's own (Custom) hours follow: the company's unless it chose otherwise. */
export async function findMailboxHolidays(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
): Promise<MailboxHolidays> {
  const [row] = await tx.query<MailboxHolidays>(
    sql`select follows, country, region from mailbox_holiday_calendars
        where workspace_id = ${workspaceId} and mailbox_id = ${mailboxId}`,
  );
  return row ?? COMPANY;
}

/**
 * Sets a mailbox's calendar; the company's is the default, kept as no row. What it was before and
 * is now, from the rows the delete and the insert return.
 */
export async function setMailboxHolidays(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
  choice: MailboxHolidays,
): Promise<{ before: MailboxHolidays; after: MailboxHolidays }> {
  const [before = COMPANY] = await tx.query<MailboxHolidays>(
    sql`delete from mailbox_holiday_calendars
        where workspace_id = ${workspaceId} and mailbox_id = ${mailboxId}
        returning follows, country, region`,
  );
  if (choice.follows === 'company') return { before, after: COMPANY };
  const country = choice.follows === 'country' ? (choice.country ?? null) : null;
  const region = country === null ? null : (choice.region ?? null);
  const [after = COMPANY] = await tx.query<MailboxHolidays>(
    sql`insert into mailbox_holiday_calendars (workspace_id, mailbox_id, follows, country, region)
        values (${workspaceId}, ${mailboxId}, ${choice.follows}, ${country}, ${region})
        returning follows, country, region`,
  );
  return { before, after };
}
