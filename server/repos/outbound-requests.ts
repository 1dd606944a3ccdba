import type { Queryable, Tx } from '../db/types';

export type OutboundKind = 'feedback' | 'integration';

export interface NewOutboundRequest {
  kind: OutboundKind;
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
  email: string;
  client: string;
  role: string;
  content: string;
  feedback_type: string | null;
  integration_name: string | null;
  integration_id: string | null;
  attempts: number;
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
 * Claims the oldest due, undelivered request of the given kinds, in any workspace: the forwarder
 * serves every workspace. `skip locked` lets two servers claim at once without waiting or taking
 * the same row, and the lease (next_attempt_at pushed forward) keeps the row away from other
 * servers while it is being sent outside the transaction.
 */
export async function claimDueRequest(tx: Tx, kinds: OutboundKind[], leaseSeconds: number) {
  const [row] = await tx.query<ClaimedRequest>(
    `with due as (
       select workspace_id, request_id from outbound_requests
        where delivered_at is null and next_attempt_at <= now() and kind = any($1::text[])
        order by next_attempt_at, request_id
        limit 1
        for update skip locked)
     update outbound_requests o
        set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       from due
      where o.workspace_id = due.workspace_id and o.request_id = due.request_id
     returning o.workspace_id, o.request_id, o.kind, o.email, o.client, o.role, o.content,
               o.feedback_type, o.integration_name, o.integration_id, o.attempts`,
    [kinds, leaseSeconds],
  );
  return row ?? null;
}

export async function markDelivered(tx: Queryable, workspaceId: number, requestId: number) {
  await tx.query(
    `update outbound_requests set delivered_at = now(), last_error = null
      where workspace_id = $1 and request_id = $2`,
    [workspaceId, requestId],
  );
}

export async function markFailed(
  tx: Queryable,
  workspaceId: number,
  requestId: number,
  error: string,
  retryInSeconds: number,
) {
  await tx.query(
    `update outbound_requests
        set last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
      where workspace_id = $1 and request_id = $2`,
    [workspaceId, requestId, error, retryInSeconds],
  );
}
