import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import type { AlertFields } from '../domain/alerts';

export type Alert = Schemas['Alert'];

/** The workspace's alerts in the contract's shape (alias `a`), for a caller to narrow and order. */
const selectAlerts = (workspaceId: number) => sql`
  select a.alert_id as id, a.name, a.minutes_gap, a.base, a.addresses, a.domains, a.notify_emails,
         a.notify_webhook, a.is_active, a.created_at as created, a.created_by_email as created_by,
         a.last_triggered_at as last_triggered,
         coalesce((select array_agg(m.email order by lower(m.email), m.email)
                     from alert_mailboxes am
                     join mailboxes m on m.workspace_id = am.workspace_id and m.mailbox_id = am.mailbox_id
                    where am.workspace_id = ${workspaceId} and am.alert_id = a.alert_id), '{}') as mailboxes
    from alerts a
   where a.workspace_id = ${workspaceId}`;

export async function listAlerts(tx: Queryable, workspaceId: number): Promise<Alert[]> {
  return tx.query<Alert>(sql`${selectAlerts(workspaceId)} order by a.created_at, a.alert_id`);
}

export async function findAlert(
  tx: Queryable,
  workspaceId: number,
  alertId: number,
): Promise<Alert | null> {
  const [alert] = await tx.query<Alert>(
    sql`${selectAlerts(workspaceId)} and a.alert_id = ${alertId}`,
  );
  return alert ?? null;
}

/** Locks the workspace row, so concurrent creations are counted one after another. */
export async function lockAlertSlots(
  tx: Queryable,
  workspaceId: number,
): Promise<{ used: number; max: number }> {
  const [ws] = await tx.query<{ max_alerts: number }>(
    sql`select max_alerts from workspaces where workspace_id = ${workspaceId} for update`,
  );
  const [count] = await tx.query<{ used: number }>(
    sql`select count(*)::int as used from alerts where workspace_id = ${workspaceId}`,
  );
  return { used: count?.used ?? 0, max: ws?.max_alerts ?? 0 };
}

/** The mailbox ids of the given addresses (any case) and the addresses that are not tracked. */
export async function resolveMailboxes(
  tx: Queryable,
  workspaceId: number,
  emails: readonly string[],
): Promise<{ ids: number[]; unknown: string[] }> {
  const rows = await tx.query<{
    mailbox_id: number;
    email: string;
  }>(sql`select mailbox_id, lower(email) as email from mailboxes
      where workspace_id = ${workspaceId} and lower(email) = any(${emails}::text[]) and removed_at is null`);
  const found = new Set(rows.map((r) => r.email));
  return { ids: rows.map((r) => r.mailbox_id), unknown: emails.filter((e) => !found.has(e)) };
}

export async function insertAlert(
  tx: Queryable,
  workspaceId: number,
  fields: AlertFields,
  creator: { userId: number; email: string },
): Promise<number> {
  const { name, minutesGap, addresses, domains, notifyEmails, notifyWebhook } = fields;
  const [row] = await tx.query<{ alert_id: number }>(
    sql`insert into alerts (workspace_id, name, minutes_gap, addresses, domains, notify_emails, notify_webhook,
                         created_by_user_id, created_by_email)
     values (${workspaceId}, ${name}, ${minutesGap}, ${addresses}, ${domains}, ${notifyEmails}, ${notifyWebhook}, ${creator.userId}, ${creator.email}) returning alert_id`,
  );
  if (!row) throw new Error('insert into alerts returned no row');
  return row.alert_id;
}

/**
 * Replaces every field of an alert; false when it is not in this workspace. The alert is due at
 * once, as a new one is: its next evaluation was planned for the old gap and senders.
 */
export async function updateAlertFields(
  tx: Queryable,
  workspaceId: number,
  alertId: number,
  fields: AlertFields,
): Promise<boolean> {
  const { name, minutesGap, addresses, domains, notifyEmails, notifyWebhook } = fields;
  const rows = await tx.query(
    sql`update alerts set name = ${name}, minutes_gap = ${minutesGap}, addresses = ${addresses}, domains = ${domains}, notify_emails = ${notifyEmails},
                       notify_webhook = ${notifyWebhook}, next_evaluation_at = '-infinity'
      where workspace_id = ${workspaceId} and alert_id = ${alertId} returning alert_id`,
  );
  return rows.length > 0;
}

export async function setAlertMailboxes(
  tx: Queryable,
  workspaceId: number,
  alertId: number,
  mailboxIds: readonly number[],
): Promise<void> {
  await tx.query(
    sql`delete from alert_mailboxes where workspace_id = ${workspaceId} and alert_id = ${alertId}`,
  );
  await tx.query(sql`insert into alert_mailboxes (workspace_id, alert_id, mailbox_id)
     select ${workspaceId}, ${alertId}, unnest(${mailboxIds}::int[])`);
}

/**
 * Pauses or resumes; false when the alert is not in this workspace. Resuming restarts the watch,
 * so messages that became overdue while paused count only if they arrived in the last 7 days,
 * and makes the alert due at once.
 */
export async function setAlertActive(
  tx: Queryable,
  workspaceId: number,
  alertId: number,
  isActive: boolean,
): Promise<boolean> {
  const rows = await tx.query(sql`update alerts
        set watching_since = case when ${isActive} and not is_active then now() else watching_since end,
            next_evaluation_at = case when ${isActive} and not is_active then '-infinity'
                                      else next_evaluation_at end,
            is_active = ${isActive}
      where workspace_id = ${workspaceId} and alert_id = ${alertId} returning alert_id`);
  return rows.length > 0;
}

/** Deletes the alerts and returns how many existed in this workspace. */
export async function deleteAlerts(
  tx: Queryable,
  workspaceId: number,
  alertIds: readonly number[],
): Promise<number> {
  const rows = await tx.query(
    sql`delete from alerts where workspace_id = ${workspaceId} and alert_id = any(${alertIds}::int[]) returning alert_id`,
  );
  return rows.length;
}
