import type { ClaimedRequest } from '../../../server/repos/outbound-requests';
import type { TestSuite } from './suite';

/** A stored request as the forwarder claims it, plus its delivery state. */
export interface StoredRequest extends Omit<ClaimedRequest, 'workspace_id' | 'demo'> {
  last_error: string | null;
  delivered: boolean;
  due_in_seconds: number;
}

/**
 * The workspace's feedback and integration requests on the suite's database, oldest first; due
 * from `from` (the clock a test gave the forwarder), else from the database's now.
 */
export async function storedRequests(workspaceId: number, on: TestSuite, from?: Date) {
  return on.db.query<StoredRequest>(
    `select request_id, kind, email, client, role, content, feedback_type, integration_name, integration_id,
            attempts, last_error, delivered_at is not null as delivered,
            extract(epoch from next_attempt_at - coalesce($2::timestamptz, now()))::float8 as due_in_seconds
       from outbound_requests where workspace_id = $1 order by request_id`,
    [workspaceId, from ?? null],
  );
}
