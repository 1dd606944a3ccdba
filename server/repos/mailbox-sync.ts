import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { SyncCursor } from '../mail/connector';
import { MAIL_READ_VERSION } from '../domain/mail-read-version';

// The sync lease rows (mailbox_sync). Every time comes from the worker's clock as a parameter,
// so tests move time without waiting; each statement is one short transaction of its own.
//
// A holder renews its lease every renewal period (a third of the lease) and records when. One
// that stops renewing (killed, hung) is taken over once a renewal is a quarter period overdue,
// not only when the whole lease runs out; the quarter allows for a busy event loop.

/** Seconds between a holder's renewals of a lease of `leaseSeconds`. */
export const renewalSeconds = (leaseSeconds: number) => leaseSeconds / 3;

/** Seconds without a renewal after which a holder is taken to have stopped. */
const staleSeconds = (leaseSeconds: number) => renewalSeconds(leaseSeconds) * 1.25;

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

/**
 * Claims up to `limit` due, unleased (or expired) mailboxes for `owner` in one statement. A
 * mailbox that an earlier version of the sync stored loses its cursor here, in the same
 * statement, so it is read again from its data_from (see MAIL_READ_VERSION).
 */
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
            lease_expires_at = ${at}::timestamptz + make_interval(secs => ${leaseSeconds}),
            lease_renewed_at = ${at},
            cursor = case when s.read_version < ${MAIL_READ_VERSION} then null else s.cursor end,
            read_version = greatest(s.read_version, ${MAIL_READ_VERSION})
       from mailboxes m
      where m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
        and (s.workspace_id, s.mailbox_id) in (
          select q.workspace_id, q.mailbox_id
            from mailbox_sync q
            join mailboxes b on b.workspace_id = q.workspace_id and b.mailbox_id = q.mailbox_id
           where b.removed_at is null and q.next_run_at <= ${at}
             and (q.lease_expires_at is null or q.lease_expires_at <= ${at}
                  or q.lease_renewed_at
                     <= ${at}::timestamptz - make_interval(secs => ${staleSeconds(leaseSeconds)}))
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
  const at = now.toISOString();
  const rows = await db.query(
    sql`update mailbox_sync
        set lease_expires_at = ${at}::timestamptz + make_interval(secs => ${leaseSeconds}),
            lease_renewed_at = ${at}
      where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
        and lease_owner = ${owner}
      returning mailbox_id`,
  );
  return rows.length > 0;
}

/**
 * Releases the lease and schedules the next run. A run that `completed` ends the failure streak;
 * one stopped by a closing server leaves it, as nothing was learnt of the provider.
 */
export async function finishSync(
  db: Queryable,
  mailbox: ClaimedMailbox,
  owner: string,
  { nextRunAt, completed }: { nextRunAt: Date; completed: boolean },
): Promise<void> {
  await db.query(
    sql`update mailbox_sync
        set lease_owner = null, lease_expires_at = null, lease_renewed_at = null, attempts = 0,
            last_error = null,
            failing_since = case when ${completed} then null else failing_since end,
            next_run_at = ${nextRunAt.toISOString()}
      where workspace_id = ${mailbox.workspaceId} and mailbox_id = ${mailbox.mailboxId}
        and lease_owner = ${owner}`,
  );
}

/**
 * Releases the lease after a failure: one more attempt, the reason in words, a retry at
 * `retryAt`, and the failure streak started at `failedAt` unless one is running; a failure
 * retrying cannot cure also marks the mailbox `sync_error`.
 */
export async function failSync(
  db: Queryable,
  mailbox: ClaimedMailbox,
  owner: string,
  failure: { message: string; transient: boolean; retryAt: Date; failedAt: Date },
): Promise<void> {
  await db.query(
    sql`with released as (
       update mailbox_sync
          set lease_owner = null, lease_expires_at = null, lease_renewed_at = null,
              attempts = attempts + 1,
              failing_since = coalesce(failing_since, ${failure.failedAt.toISOString()}::timestamptz),
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

/**
 * Makes mailboxes due now and read again from their data_from: the cursor dropped and any lease
 * voided, so a sync running elsewhere stops at its next batch or renewal (LeaseLostError).
 */
export async function readAgain(
  db: Queryable,
  workspaceId: number,
  now: Date,
  emails: readonly string[],
): Promise<void> {
  await db.query(
    sql`update mailbox_sync s
        set cursor = null, lease_owner = null, lease_expires_at = null, lease_renewed_at = null,
            attempts = 0, next_run_at = ${now.toISOString()},
            read_version = greatest(s.read_version, ${MAIL_READ_VERSION})
       from mailboxes m
      where m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
        and s.workspace_id = ${workspaceId} and m.removed_at is null
        and lower(m.email) = any(${emails}::text[])`,
  );
}

interface LeaseHolder {
  email: string;
  owner: string;
  /** ISO 8601, UTC. */
  expiresAt: string;
}

/** Which of these mailboxes a live holder (one still renewing) has under lease at `now`. */
export function liveLeaseHolders(
  db: Queryable,
  workspaceId: number,
  emails: readonly string[],
  now: Date,
  leaseSeconds: number,
): Promise<LeaseHolder[]> {
  const at = now.toISOString();
  return db.query<LeaseHolder>(sql`
    select lower(m.email) as email, s.lease_owner as owner, s.lease_expires_at as "expiresAt"
      from mailbox_sync s
      join mailboxes m on m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
     where s.workspace_id = ${workspaceId} and lower(m.email) = any(${emails}::text[])
       and s.lease_owner is not null and s.lease_expires_at > ${at}
       and s.lease_renewed_at > ${at}::timestamptz - make_interval(secs => ${staleSeconds(leaseSeconds)})
     order by lower(m.email)`);
}
