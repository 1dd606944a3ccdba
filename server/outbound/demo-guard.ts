import type { Queryable } from '../db/types';
import { sql } from '../db/sql';
import type { ClaimedRequest } from '../repos/outbound-requests';

// Anyone with a demo link is an admin of a demo workspace, so what it sends must not reach
// strangers: it sends no webhook (alerts, feedback, integration requests) and emails only its own
// users. What would leave is withheld: its row ends failed with the reason, which `alerts:outbox`
// shows, and the forwarder logs it.

const NO_WEBHOOKS = 'Not sent: a demo workspace sends no webhooks';

type Guarded = { send: ClaimedRequest; dropped: string[] } | { withheld: string };

/** The addresses among `emails` that belong to users of the workspace, lower-cased. */
async function ownUsers(q: Queryable, workspaceId: number, emails: readonly string[]) {
  const rows = await q.query<{ email: string }>(sql`select lower(email) as email from users
     where workspace_id = ${workspaceId}
       and lower(email) = any(${emails.map((email) => email.toLowerCase())}::text[])`);
  return new Set(rows.map((row) => row.email));
}

/** An email row with its recipients cut to the workspace's users, or withheld when none is one. */
async function ownRecipients(q: Queryable, row: ClaimedRequest, to: string[]): Promise<Guarded> {
  const own = await ownUsers(q, row.workspace_id, to);
  const kept = to.filter((email) => own.has(email.toLowerCase()));
  const dropped = to.filter((email) => !own.has(email.toLowerCase()));
  if (kept.length === 0) {
    return {
      withheld: `Not sent: a demo workspace emails only its own users, not ${to.join(', ')}`,
    };
  }
  const payload = row.payload as { to: string | string[] };
  const send = { ...row, payload: { ...payload, to: Array.isArray(payload.to) ? kept : kept[0] } };
  return { send, dropped };
}

/** What of a claimed row may leave; rows of workspaces that are no demo leave as they are. */
export async function guardDemo(q: Queryable, row: ClaimedRequest): Promise<Guarded> {
  if (!row.demo) return { send: row, dropped: [] };
  if (
    row.kind === 'alert_email' ||
    row.kind === 'report_email' ||
    row.kind === 'sync_alert_email'
  ) {
    const { to } = row.payload as { to: string | string[] };
    return ownRecipients(q, row, Array.isArray(to) ? to : [to]);
  }
  return { withheld: NO_WEBHOOKS };
}
