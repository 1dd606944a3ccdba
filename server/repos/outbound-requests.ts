import type { Queryable, Tx } from '../db/types';

export type RequestKind = 'feedback' | 'integration';
type AlertKind = 'alert_email' | 'alert_webhook';
export type OutboundKind = RequestKind | AlertKind | 'report_email';

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
}

/** Stores a request with the workspace's client name; returns its id. */
export async function insertOutboundRequest(
  tx: Queryable,
  workspaceId: number,
  request: NewOutboundRequest,
) {
  const [row] = await tx.query<{ request_id: number }>(
    `insert into outbound_requests
       (workspace_id, kind, email, client, role, content, feedback_type, integration_name, integration_id)
     select w.workspace_id, $2, $3, w.client_name, $4, $5, $6, $7, $8
       from workspaces w where w.workspace_id = $1
     returning request_id`,
    [
      workspaceId,
      request.kind,
      request.email,
      request.role,
      request.content,
      request.feedbackType ?? null,
      request.integrationName ?? null,
      request.integrationId ?? null,
    ],
  );
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
  const [row] = await tx.query<ClaimedRequest>(
    `with due as (
       select workspace_id, request_id from outbound_requests
        where delivered_at is null and failed_at is null and next_attempt_at <= $3
          and kind = any($1::text[])
        order by next_attempt_at, request_id
        limit 1
        for update skip locked)
     update outbound_requests o
        set attempts = o.attempts + 1, next_attempt_at = $3::timestamptz + make_interval(secs => $2)
       from due
      where o.workspace_id = due.workspace_id and o.request_id = due.request_id
     returning o.workspace_id, o.request_id, o.kind, o.email, o.client, o.role, o.content,
               o.feedback_type, o.integration_name, o.integration_id, o.alert_id, o.payload,
               o.attempts, o.created_at`,
    [kinds, leaseSeconds, now],
  );
  return row ?? null;
}

export async function markDelivered(
  tx: Queryable,
  workspaceId: number,
  requestId: number,
  now: Date,
) {
  await tx.query(
    `update outbound_requests set delivered_at = $3, last_error = null
      where workspace_id = $1 and request_id = $2`,
    [workspaceId, requestId, now],
  );
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
  const [row] = await tx.query<{ given_up: boolean }>(
    `update outbound_requests
        set last_error = $3, next_attempt_at = $5::timestamptz + make_interval(secs => $4),
            failed_at = case when $5::timestamptz + make_interval(secs => $4) > give_up_at
                             then $5::timestamptz end
      where workspace_id = $1 and request_id = $2
      returning failed_at is not null as given_up`,
    [workspaceId, requestId, error, retryInSeconds, now],
  );
  return row?.given_up ?? false;
}
