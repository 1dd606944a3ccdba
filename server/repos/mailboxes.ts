import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { ownHoursStatus } from '../domain/business-hours';
import { WEEKDAYS } from '../../common/business-hours';
import { nameFromAddress } from '../domain/mailbox-addresses';
import { sql } from '../db/sql';
import { MAIL_READ_VERSION } from '../domain/mail-read-version';

type Mailbox = Schemas['Mailbox'];
type HoursEntry = Schemas['BusinessHoursEntry'];

interface MailboxRow {
  email: string;
  full_name: string;
  created_at: string;
  data_from: string;
  status: Mailbox['status'];
  bhs_timezone: string | null;
  hours: HoursEntry[];
  progress: number | null;
  last_error: string | null;
  last_synced: string | null;
}

function toMailbox(row: MailboxRow): Mailbox {
  const base = {
    email: row.email,
    full_name: row.full_name,
    created: row.created_at,
    data_from: row.data_from,
    status: row.status,
    progress: row.progress,
    last_error: row.last_error,
    last_synced: row.last_synced,
  };
  if (row.hours.length === 0) return { ...base, bhs_status: 'Company', business_hours: null };
  return {
    ...base,
    bhs_status: ownHoursStatus(row.hours),
    // The business-hours writer always sets a timezone with the hours; UTC only guards old rows.
    business_hours: { timezone: row.bhs_timezone ?? 'UTC', business_hours: row.hours },
  };
}

/**
 * The workspace's tracked mailboxes ordered by address, or only those of `emails` when given,
 * with their sync's progress (whole percent while loading, when the provider gave a count), last
 * error and last sync time.
 */
export async function listMailboxes(
  tx: Queryable,
  workspaceId: number,
  emails?: readonly string[],
): Promise<Mailbox[]> {
  const rows =
    await tx.query<MailboxRow>(sql`select m.email, m.full_name, m.created_at, m.data_from, m.status, m.bhs_timezone,
            case when m.status = 'loading_data' and s.progress_total > 0
                 then least(100, floor(100.0 * s.progress_done / s.progress_total))::int
            end as progress,
            s.last_error, s.last_synced_at as last_synced,
            coalesce((
              select json_agg(json_build_object(
                       'weekday', h.weekday,
                       'start_time', to_char(h.start_time, 'HH24:MI:SS'),
                       'end_time', to_char(h.end_time, 'HH24:MI:SS'))
                     order by array_position(${WEEKDAYS}::text[], h.weekday))
                from mailbox_business_hours h
               where h.workspace_id = ${workspaceId} and h.mailbox_id = m.mailbox_id), '[]'::json) as hours
       from mailboxes m
       left join mailbox_sync s on s.workspace_id = m.workspace_id and s.mailbox_id = m.mailbox_id
      where m.workspace_id = ${workspaceId} and m.removed_at is null
        and (${emails ?? null}::text[] is null or lower(m.email) = any(${emails ?? null}::text[]))
      order by lower(m.email)`);
  return rows.map(toMailbox);
}

/** Tracked mailboxes among `emails` (lower-case): address → mailbox id. */
export async function findMailboxIds(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx.query<{
    email: string;
    mailbox_id: number;
  }>(sql`select lower(email) as email, mailbox_id from mailboxes
      where workspace_id = ${workspaceId} and lower(email) = any(${emails}::text[]) and removed_at is null`);
  return new Map(rows.map((row) => [row.email, row.mailbox_id]));
}

/** Names of the tracked mailboxes among `emails` (lower-case): address → full name. */
export async function findMailboxNames(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx.query<{
    email: string;
    full_name: string;
  }>(sql`select lower(email) as email, full_name from mailboxes
      where workspace_id = ${workspaceId} and lower(email) = any(${emails}::text[]) and btrim(full_name) <> ''
        and removed_at is null`);
  return new Map(rows.map((row) => [row.email, row.full_name]));
}

/** Inserts mailboxes in `loading_data`, due for sync, named after the user of the same address when there is one. */
export async function insertMailboxes(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
  dataFrom: string,
): Promise<void> {
  const users = await tx.query<{
    email: string;
    full_name: string;
  }>(sql`select lower(email) as email, full_name from users
      where workspace_id = ${workspaceId} and lower(email) = any(${emails}::text[]) and btrim(full_name) <> ''`);
  const known = new Map(users.map((user) => [user.email, user.full_name]));
  const names = emails.map((email) => known.get(email) ?? nameFromAddress(email));
  // Each new mailbox gets its sync row, due at once, so a worker loads its history (with this
  // version's reading: nothing is stored to read again).
  await tx.query(sql`with added as (
       insert into mailboxes (workspace_id, email, full_name, status, data_from)
       select ${workspaceId}, e.email, e.full_name, 'loading_data', ${dataFrom}::date
         from unnest(${emails}::text[], ${names}::text[]) as e(email, full_name)
       returning workspace_id, mailbox_id)
     insert into mailbox_sync (workspace_id, mailbox_id, read_version)
     select workspace_id, mailbox_id, ${MAIL_READ_VERSION} from added`);
}

/**
 * Deletes the synced mail and statistics of these mailboxes (`delete_from_bq`). This is the one
 * place that deletion goes: the statistics tables' deletes belong here too.
 */
async function deleteSyncedData(tx: Queryable, workspaceId: number, mailboxIds: readonly number[]) {
  await tx.query(
    sql`delete from messages where workspace_id = ${workspaceId} and mailbox_id = any(${mailboxIds}::int[])`,
  );
}

/**
 * Removes mailboxes and stops their sync at once: the sync rows go, so no worker claims them and
 * a running sync's next commit fails its lease check. With `deleteData` their mail goes too and
 * the mailboxes with it (links and hours by cascade). Without, "they stay and keep counting in
 * past figures": the mailbox is marked removed and keeps its hours, but leaves teams, grants and
 * alerts, and its address can be added again.
 */
export async function removeMailboxes(
  tx: Queryable,
  workspaceId: number,
  mailboxIds: readonly number[],
  deleteData: boolean,
) {
  const these = sql`workspace_id = ${workspaceId} and mailbox_id = any(${mailboxIds}::int[])`;
  // The mailbox rows first: a committing sync holds them (its messages' foreign keys) before it
  // takes its sync row, so taking them in the same order never deadlocks with it.
  await tx.query(
    sql`select mailbox_id from mailboxes where ${these}
     order by mailbox_id for update`,
  );
  await tx.query(sql`delete from mailbox_sync where ${these}`);
  if (deleteData) {
    await deleteSyncedData(tx, workspaceId, mailboxIds);
    await tx.query(sql`delete from mailboxes where ${these}`);
    return;
  }
  await tx.query(
    sql`with gone as (
       update mailboxes set removed_at = now()
        where ${these} returning mailbox_id),
     teams as (delete from team_members t using gone
        where t.workspace_id = ${workspaceId} and t.mailbox_id = gone.mailbox_id),
     grants as (delete from manager_mailboxes g using gone
        where g.workspace_id = ${workspaceId} and g.mailbox_id = gone.mailbox_id)
     delete from alert_mailboxes a using gone
      where a.workspace_id = ${workspaceId} and a.mailbox_id = gone.mailbox_id`,
  );
}
