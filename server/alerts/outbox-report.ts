import type { Queryable } from '../db/types';
import { sql } from '../db/sql';

interface OutboxLine {
  request_id: number;
  kind: string;
  alert: string;
  emails: number;
  created_at: string;
  status: 'sent' | 'failed' | 'queued';
  attempts: number;
  at: string;
  last_error: string | null;
}

/**
 * The workspace's alert notifications, newest first, one line each: what, for which alert, its
 * state (sent at, failed at after 24 hours of retries, or queued until the next attempt).
 */
export async function outboxLines(q: Queryable, workspaceId: number): Promise<string[]> {
  const rows = await q.query<OutboxLine>(sql`select request_id, kind, payload ->> 'alert' as alert,
            jsonb_array_length(payload -> 'items') as emails, created_at, attempts, last_error,
            case when delivered_at is not null then 'sent'
                 when failed_at is not null then 'failed' else 'queued' end as status,
            coalesce(delivered_at, failed_at, next_attempt_at) as at
       from outbound_requests
      where workspace_id = ${workspaceId} and kind in ('alert_email', 'alert_webhook')
      order by request_id desc`);
  if (rows.length === 0) return [`workspace ${workspaceId}: no alert notifications`];
  const verb = { sent: 'sent', failed: 'failed', queued: 'next attempt' } as const;
  return rows.map(
    (r) =>
      `#${r.request_id} ${r.kind === 'alert_email' ? 'email' : 'webhook'} "${r.alert}" ` +
      `${r.emails} email(s), written ${r.created_at}: ${r.status}, ${r.attempts} attempt(s), ` +
      `${verb[r.status]} ${r.at}${r.last_error ? `; last error: ${r.last_error}` : ''}`,
  );
}
