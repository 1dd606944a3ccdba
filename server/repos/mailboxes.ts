import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { ownHoursStatus } from '../domain/business-hours';
import { WEEKDAYS } from '../../common/business-hours';
import { nameFromAddress } from '../domain/mailbox-addresses';

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
}

function toMailbox(row: MailboxRow): Mailbox {
  const base = {
    email: row.email,
    full_name: row.full_name,
    created: row.created_at,
    data_from: row.data_from,
    status: row.status,
  };
  if (row.hours.length === 0) return { ...base, bhs_status: 'Company', business_hours: null };
  return {
    ...base,
    bhs_status: ownHoursStatus(row.hours),
    // The business-hours writer always sets a timezone with the hours; UTC only guards old rows.
    business_hours: { timezone: row.bhs_timezone ?? 'UTC', business_hours: row.hours },
  };
}

/** The workspace's mailboxes ordered by address, or only those of `emails` when given. */
export async function listMailboxes(
  tx: Queryable,
  workspaceId: number,
  emails?: readonly string[],
): Promise<Mailbox[]> {
  const rows = await tx.query<MailboxRow>(
    `select m.email, m.full_name, m.created_at, m.data_from, m.status, m.bhs_timezone,
            coalesce((
              select json_agg(json_build_object(
                       'weekday', h.weekday,
                       'start_time', to_char(h.start_time, 'HH24:MI:SS'),
                       'end_time', to_char(h.end_time, 'HH24:MI:SS'))
                     order by array_position($2::text[], h.weekday))
                from mailbox_business_hours h
               where h.workspace_id = $1 and h.mailbox_id = m.mailbox_id), '[]'::json) as hours
       from mailboxes m
      where m.workspace_id = $1 and ($3::text[] is null or lower(m.email) = any($3::text[]))
      order by lower(m.email)`,
    [workspaceId, WEEKDAYS, emails ?? null],
  );
  return rows.map(toMailbox);
}

/** Tracked mailboxes among `emails` (lower-case): address → mailbox id. */
export async function findMailboxIds(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx.query<{ email: string; mailbox_id: number }>(
    `select lower(email) as email, mailbox_id from mailboxes
      where workspace_id = $1 and lower(email) = any($2::text[])`,
    [workspaceId, emails],
  );
  return new Map(rows.map((row) => [row.email, row.mailbox_id]));
}

/** Names of the tracked mailboxes among `emails` (lower-case): address → full name. */
export async function findMailboxNames(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx.query<{ email: string; full_name: string }>(
    `select lower(email) as email, full_name from mailboxes
      where workspace_id = $1 and lower(email) = any($2::text[]) and btrim(full_name) <> ''`,
    [workspaceId, emails],
  );
  return new Map(rows.map((row) => [row.email, row.full_name]));
}

export interface MailboxQuota {
  allowedDomains: string[];
  max: number;
  used: number;
}

/** Locks the workspace row, so parallel requests add mailboxes one after another. */
export async function lockMailboxQuota(tx: Queryable, workspaceId: number): Promise<MailboxQuota> {
  const [row] = await tx.query<{ allowed_domains: string[]; max_mailboxes: number }>(
    `select allowed_domains, max_mailboxes from workspaces where workspace_id = $1 for update`,
    [workspaceId],
  );
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  const [count] = await tx.query<{ used: number }>(
    `select count(*)::int as used from mailboxes where workspace_id = $1`,
    [workspaceId],
  );
  return { allowedDomains: row.allowed_domains, max: row.max_mailboxes, used: count?.used ?? 0 };
}

/** Inserts mailboxes in `loading_data`, named after the user of the same address when there is one. */
export async function insertMailboxes(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
  dataFrom: string,
): Promise<void> {
  const users = await tx.query<{ email: string; full_name: string }>(
    `select lower(email) as email, full_name from users
      where workspace_id = $1 and lower(email) = any($2::text[]) and btrim(full_name) <> ''`,
    [workspaceId, emails],
  );
  const names = new Map(users.map((user) => [user.email, user.full_name]));
  await tx.query(
    `insert into mailboxes (workspace_id, email, full_name, status, data_from)
     select $1, e.email, e.full_name, 'loading_data', $4::date
       from unnest($2::text[], $3::text[]) as e(email, full_name)`,
    [
      workspaceId,
      emails,
      emails.map((email) => names.get(email) ?? nameFromAddress(email)),
      dataFrom,
    ],
  );
}

/**
 * Deletes the synced mail and statistics of these mailboxes (`delete_from_bq`). This is the one
 * place that deletion goes: the mail-sync work adds the message and statistics tables, and their
 * deletes belong here. Until then nothing is stored for a mailbox beyond its own rows.
 */
export function deleteSyncedData(
  _tx: Queryable,
  _workspaceId: number,
  _mailboxIds: readonly number[],
): Promise<void> {
  return Promise.resolve();
}

/** Deletes mailboxes; team memberships, manager grants, alert links and hours go by cascade. */
export async function deleteMailboxes(
  tx: Queryable,
  workspaceId: number,
  mailboxIds: readonly number[],
) {
  await tx.query(`delete from mailboxes where workspace_id = $1 and mailbox_id = any($2::int[])`, [
    workspaceId,
    mailboxIds,
  ]);
}
