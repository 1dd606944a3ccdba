import { sql } from '../db/sql';
import type { Db } from '../db/types';

// A mailbox that stops syncing is told to every admin of its workspace, by email through the
// outbox: once its failure streak (mailbox_sync.failing_since, started by the sync worker's
// clock at the first failure, ended by a completed sync) is older than SYNC_STALE_ALERT_MIN,
// again each day it goes on, and once when it has ended, if its admins were told of it.
//
// One statement finds the mailboxes with an event due, locks their sync rows (`for update skip
// locked`: a row another process is telling now is left to it, and one it has told since this
// statement began is checked again and dropped), records what was told and writes one outbox
// row per admin, so two processes never queue an event twice and a kill loses none.

/** A still-failing mailbox is told again after this long. */
const REPEAT_HOURS = 24;
/** A row that could not be sent for this long is given up (the next reminder is due then). */
const GIVE_UP_HOURS = 24;
/** Mailboxes told per statement; the next poll takes the rest. */
const MOST_PER_RUN = 500;

/** What an admin is told: the payload of a `sync_alert_email` outbox row. */
export interface SyncAlertPayload {
  event: 'failing' | 'still_failing' | 'recovered';
  to: string;
  workspace: string;
  mailbox: string;
  /** When the streak began (ISO 8601). */
  failing_since: string;
  /** The provider's reason, as the sync recorded it (null once recovered). */
  reason: string | null;
  checked_at: string;
}

/** The statement: returns how many mailboxes had an event and how many emails it queued. */
export const tellStaleMailboxes = (now: Date, thresholdMinutes: number) => sql`
  with due as (
    select s.workspace_id, s.mailbox_id, m.email, w.client_name, s.failing_since, s.last_error,
           s.stale_told_streak,
           case when s.stale_told_streak is null then 'failing'
                when s.failing_since is distinct from s.stale_told_streak then 'recovered'
                else 'still_failing' end as event
      from mailbox_sync s
      join mailboxes m on m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
      join workspaces w on w.workspace_id = s.workspace_id
     where m.removed_at is null
       and (s.failing_since is not null or s.stale_told_streak is not null)
       and (
         -- The streak told of has ended (and maybe another begun: told when it is due).
         (s.stale_told_streak is not null and s.failing_since is distinct from s.stale_told_streak)
         or (s.last_error is not null
             and s.failing_since <= ${now}::timestamptz - make_interval(mins => ${thresholdMinutes})
             and (s.stale_told_streak is null
                  or s.stale_told_at <= ${now}::timestamptz - make_interval(hours => ${REPEAT_HOURS}))))
     order by s.workspace_id, s.mailbox_id
     limit ${MOST_PER_RUN}
       for update of s skip locked
  ), told as (
    update mailbox_sync s
       set stale_told_streak = case when d.event = 'recovered' then null else d.failing_since end,
           stale_told_at = case when d.event = 'recovered' then null else ${now}::timestamptz end
      from due d
     where s.workspace_id = d.workspace_id and s.mailbox_id = d.mailbox_id
    returning s.mailbox_id
  ), queued as (
    insert into outbound_requests (workspace_id, kind, payload, give_up_at, next_attempt_at)
    select d.workspace_id, 'sync_alert_email',
           jsonb_build_object(
             'event', d.event, 'to', u.email, 'workspace', d.client_name, 'mailbox', d.email,
             'failing_since', to_char(coalesce(case when d.event = 'recovered'
                                                    then d.stale_told_streak end, d.failing_since)
                                        at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             'reason', case when d.event = 'recovered' then null else d.last_error end,
             'checked_at', ${now.toISOString()}::text),
           ${now}::timestamptz + make_interval(hours => ${GIVE_UP_HOURS}), ${now}
      from due d
      join users u on u.workspace_id = d.workspace_id and u.role = 'admin'
    returning request_id
  )
  select (select count(*) from told)::int as mailboxes, (select count(*) from queued)::int as emails`;

interface CheckResult {
  /** Mailboxes with an event told. */
  mailboxes: number;
  /** Outbox rows written (one per admin and event). */
  emails: number;
}

/** One check at `now` (the caller's clock), in a transaction of its own. */
export async function checkStaleMailboxes(
  db: Db,
  now: Date,
  thresholdMinutes: number,
): Promise<CheckResult> {
  const [row] = await db.transaction((tx) =>
    tx.query<CheckResult>(tellStaleMailboxes(now, thresholdMinutes)),
  );
  return { mailboxes: row?.mailboxes ?? 0, emails: row?.emails ?? 0 };
}
