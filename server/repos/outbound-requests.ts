import type { Queryable, Tx } from '../db/types';
import { sql } from '../db/sql';

export type RequestKind = 'feedback' | 'integration';
type AlertKind = 'alert_email' | 'alert_webhook';
export type OutboundKind = RequestKind | AlertKind | 'report_email' | 'sync_alert_email';

export interface NewOutboundRequest {
  kind: RequestKind;
  email: string;
  role: string;
  content: string;
  feedbackType?: string;
  integrationName?: string;
  integrationId?: string;
}

export interface ClaimedRequest {
  workspace_id: number;
  request_id: number;
  kind: OutboundKind;
  /** The feedback and integration columns; null on alert rows. */
  email: string | null;
  client: string | null;
  role: string | null;
  content: string | null;
  feedback_type: string | null;
  integration_name: string | null;
  integration_id: string | null;
  /** Alert rows: the alert and the facts to tell; report rows: the rendered email. */
  alert_id: number | null;
  payload: unknown;
  attempts: number;
  created_at: string;
  /** The row's workspace is a demo (server/outbound/demo-guard.ts). */
  demo: boolean;
}

/** Stores a request with the workspace's client name; returns its id. */
export async function insertOutboundRequest(
  tx: Queryable,
  workspaceId: number,
  request: NewOutboundRequest,
) {
  const { kind, email, role, content } = request;
  const feedbackType = request.feedbackType ?? null;
  const integrationName = request.integrationName ?? null;
  const integrationId = request.integrationId ?? null;
  const [row] = await tx.query<{ request_id: number }>(sql`insert into outbound_requests
       (workspace_id, kind, email, client, role, content, feedback_type, integration_name, integration_id)
     select w.workspace_id, ${kind}, ${email}, w.client_name, ${role}, ${content}, ${feedbackType}, ${integrationName}, ${integrationId}
       from workspaces w where w.workspace_id = ${workspaceId}
     returning request_id`);
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  return row.request_id;
}

/**
 * Claims the oldest due, undelivered, not given-up row of the given kinds, in any workspace: the
 * forwarder serves every workspace. `skip locked` lets two servers claim at once without waiting
 * or taking the same row, and the lease (next_attempt_at pushed forward) keeps the row away from
 * other servers while it is being sent outside the transaction. `now` is the caller's clock.
 */
export async function claimDueRequest(
  tx: Tx,
  kinds: readonly OutboundKind[],
  leaseSeconds: number,
  now: Date,
) {
  const [row] = await tx.query<ClaimedRequest>(sql`with due as (
       select workspace_id, request_id from outbound_requests
        where delivered_at is null and failed_at is null and next_attempt_at <= ${now}
          and kind = any(${kinds}::text[])
        order by next_attempt_at, request_id
        limit 1
        for update skip locked)
     update outbound_requests o
        set attempts = o.attempts + 1, next_attempt_at = ${now}::timestamptz + make_interval(secs => ${leaseSeconds})
       from due
      where o.workspace_id = due.workspace_id and o.request_id = due.request_id
     returning o.workspace_id, o.request_id, o.kind, o.email, o.client, o.role, o.content,
               o.feedback_type, o.integration_name, o.integration_id, o.alert_id, o.payload,
               o.attempts, o.created_at,
               (select w.is_demo from workspaces w where w.workspace_id = o.workspace_id) as demo`);
  return row ?? null;
}

export async function markDelivered(
  tx: Queryable,
  workspaceId: number,
  requestId: number,
  now: Date,
) {
  await tx.query(sql`update outbound_requests set delivered_at = ${now}, last_error = null
      where workspace_id = ${workspaceId} and request_id = ${requestId}`);
}

/** Ends a row unsent, at once and for good (a demo workspace's webhook, say), with the reason. */
export async function markWithheld(
  tx: Queryable,
  workspaceId: number,
  requestId: number,
  reason: string,
  now: Date,
) {
  await tx.query(sql`update outbound_requests set failed_at = ${now}, last_error = ${reason}
      where workspace_id = ${workspaceId} and request_id = ${requestId}`);
}

/**
 * Schedules the next attempt; a row whose next attempt would fall after its give_up_at is marked
 * failed instead. Returns whether it was given up.
 */
export async function markFailed(
  tx: Queryable,
  workspaceId: number,
  requestId: number,
  error: string,
  retryInSeconds: number,
  now: Date,
): Promise<boolean> {
  const [row] = await tx.query<{ given_up: boolean }>(sql`update outbound_requests
        set last_error = ${error}, next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryInSeconds}),
            failed_at = case when ${now}::timestamptz + make_interval(secs => ${retryInSeconds}) > give_up_at
                             then ${now}::timestamptz end
      where workspace_id = ${workspaceId} and request_id = ${requestId}
      returning failed_at is not null as given_up`);
  return row?.given_up ?? false;
}
