import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { SyncCursor } from '../mail/connector';

// The sync lease rows (mailbox_sync). Every time comes from the worker's clock as a parameter,
// so tests move time without waiting; each statement is one short transaction of its own.

export interface ClaimedMailbox {
  workspaceId: number;
  mailboxId: number;
  email: string;
  dataFrom: string;
  cursor: SyncCursor | null;
  attempts: number;
}

export interface ClaimFilter {
  workspaceId?: number;
  /** Lower-case addresses. */
  emails?: readonly string[];
}

/** Claims up to `limit` due, unleased (or expired) mailboxes for `owner` in one statement. */
export async function claimDueMailboxes(
  db: Queryable,
  owner: string,
  now: Date,
  leaseSeconds: number,
  limit: number,
  filter: ClaimFilter = {},
): Promise<ClaimedMailbox[]> {
  const at = now.toISOString();
  const workspaceId = filter.workspaceId ?? null;
  const emails = filter.emails ?? null;
  return db.query<ClaimedMailbox>(
    sql`update mailbox_sync s
        set lease_owner = ${owner},
            lease_expires_at = ${at}::timestamptz + make_interval(secs => ${leaseSeconds})
       from mailboxes m
      where m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
        and (s.workspace_id, s.mailbox_id) in (
          select q.workspace_id, q.mailbox_id
            from mailbox_sync q
            join mailboxes b on b.workspace_id = q.workspace_id and b.mailbox_id = q.mailbox_id
           where b.removed_at is null and q.next_run_at <= ${at}
             and (q.lease_expires_at is null or q.lease_expires_at <= ${at})
             and (${workspaceId}::int is null or q.workspace_id = ${workspaceId})
             and (${emails}::text[] is null or lower(b.email) = any(${emails}::text[]))
           order by q.next_run_at
           limit ${limit}
             for update of q skip locked)
      returning s.workspace_id as "workspaceId", s.mailbox_id as "mailboxId",
                lower(m.email) as email, m.data_from as "dataFrom", s.cursor, s.attempts`,
  );
}

/** Extends a held lease; false when it was lost (taken over after expiry, or the mailbox gone). */
export async function renewLease(
  db: Queryable,
  mailbox: ClaimedMailbox,
  owner: string,
  now: Date,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db.query(
    sql`update mailbox_sync
        set lease_expires_at =
              ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseSeconds})
      where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
        and lease_owner = ${owner}
      returning mailbox_id`,
  );
  return rows.length > 0;
}

/** Releases the lease and schedules the next run. */
export async function finishSync(
  db: Queryable,
  mailbox: ClaimedMailbox,
  owner: string,
  nextRunAt: Date,
): Promise<void> {
  await db.query(
    sql`update mailbox_sync
        set lease_owner = null, lease_expires_at = null, attempts = 0, last_error = null,
            next_run_at = ${nextRunAt.toISOString()}
      where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
        and lease_owner = ${owner}`,
  );
}

/**
 * Releases the lease after a failure: one more attempt, the reason in words, a retry at
 * `retryAt`; a failure retrying cannot cure also marks the mailbox `sync_error`.
 */
export async function failSync(
  db: Queryable,
  mailbox: ClaimedMailbox,
  owner: string,
  failure: { message: string; transient: boolean; retryAt: Date },
): Promise<void> {
  await db.query(
    sql`with released as (
       update mailbox_sync
          set lease_owner = null, lease_expires_at = null, attempts = attempts + 1,
              last_error = ${failure.message}, next_run_at = ${failure.retryAt.toISOString()}
        where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
          and lease_owner = ${owner}
        returning workspace_id, mailbox_id)
     update mailboxes m set status = 'sync_error'
       from released r
      where not ${failure.transient} and m.workspace_id = r.workspace_id
        and m.mailbox_id = r.mailbox_id`,
  );
}

/** Makes mailboxes due now (all of the workspace's, or those addresses); returns how many. */
export async function markDue(
  db: Queryable,
  workspaceId: number,
  now: Date,
  emails?: readonly string[],
): Promise<string[]> {
  const only = emails ?? null;
  const rows = await db.query<{ email: string }>(
    sql`insert into mailbox_sync (workspace_id, mailbox_id, next_run_at)
     select m.workspace_id, m.mailbox_id, ${now.toISOString()} from mailboxes m
      where m.workspace_id = ${workspaceId} and m.removed_at is null
        and (${only}::text[] is null or lower(m.email) = any(${only}::text[]))
     on conflict (workspace_id, mailbox_id) do update set next_run_at = excluded.next_run_at
     returning (select lower(email) from mailboxes b
                 where b.workspace_id = mailbox_sync.workspace_id
                   and b.mailbox_id = mailbox_sync.mailbox_id) as email`,
  );
  return rows.map((row) => row.email);
}
