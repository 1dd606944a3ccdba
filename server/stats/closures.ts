import { sql } from '../db/sql';
import type { Tx } from '../db/types';
import type { Item } from '../audit/changes';
import { visibleMailboxes, type Viewer } from '../repos/visible-mailboxes';
import { refreshThreadFacts } from './thread-facts';

// Requests closed by hand (docs/statistics.md, "Closed by hand"; migration 0033): a closure
// names the request by its mailbox and first message, as the unreplied list's `id` does, and the
// facts of its conversation are recomputed in the same transaction, so the figures show it at
// once (fact-sql.ts closes the messages, request-sql.ts splits the request there).

/** `<mailbox id>-<message id>`, the contract's pattern; the message id stays text (a bigint). */
function parseId(id: string): { mailboxId: number; messageId: string } {
  const [mailbox = '', message = ''] = id.split('-');
  return { mailboxId: Number(mailbox), messageId: message };
}

interface Target {
  thread_key: string;
  mailbox: string;
  from: string;
  subject: string;
}

/** The request's first message, when the viewer may see its mailbox (else nothing: a 404). */
async function visibleMessage(tx: Tx, viewer: Viewer, id: string): Promise<Target | undefined> {
  const { mailboxId, messageId } = parseId(id);
  const [row] = await tx.query<Target>(sql`
    select m.thread_key, v.email as mailbox, m.from_address as "from", m.subject
      from messages m join (${visibleMailboxes(viewer)}) v on v.mailbox_id = m.mailbox_id
     where m.workspace_id = ${viewer.workspaceId} and m.mailbox_id = ${mailboxId}
       and m.message_id = ${messageId}::bigint`);
  return row;
}

/** Whether the message begins a request of the current figures that no answer reached. */
async function isUnanswered(tx: Tx, workspaceId: number, id: string): Promise<boolean> {
  const { mailboxId, messageId } = parseId(id);
  const rows = await tx.query(sql`
    select 1 from stats_requests r
      join stats_state s on s.workspace_id = r.workspace_id and s.current_generation = r.generation
     where r.workspace_id = ${workspaceId} and r.mailbox_id = ${mailboxId}
       and r.first_message_id = ${messageId}::bigint and r.reply_at is null`);
  return rows.length > 0;
}

/** The request as the audit log names it, closed at `closedAt` or open (null). */
const itemOf = (id: string, target: Target, closedAt: Date | null): Item => ({
  id,
  name: `${target.subject} (${target.from})`,
  fields: {
    mailbox: target.mailbox,
    from: target.from,
    closed_at: closedAt === null ? null : closedAt.toISOString(),
  },
});

interface Change {
  before: Item[];
  after: Item[];
}

/**
 * Closes the viewer's unanswered request `id` at `now`. Undefined when the viewer may not see it
 * or it is no unanswered request; no change when it was closed already.
 */
export async function closeRequest(
  tx: Tx,
  viewer: Viewer,
  id: string,
  now: Date,
): Promise<Change | undefined> {
  const target = await visibleMessage(tx, viewer, id);
  if (!target || !(await isUnanswered(tx, viewer.workspaceId, id))) return undefined;
  const { mailboxId, messageId } = parseId(id);
  const inserted = await tx.query(sql`
    insert into request_closures (workspace_id, mailbox_id, message_id, closed_by, closed_at)
    values (${viewer.workspaceId}, ${mailboxId}, ${messageId}::bigint, ${viewer.userId}, ${now})
    on conflict do nothing returning 1`);
  if (inserted.length === 0) return { before: [], after: [] };
  await refreshThreadFacts(tx, viewer.workspaceId, mailboxId, [target.thread_key]);
  return { before: [itemOf(id, target, null)], after: [itemOf(id, target, now)] };
}

/** Undoes the closure of request `id`; undefined when the viewer may not see one. */
export async function reopenRequest(
  tx: Tx,
  viewer: Viewer,
  id: string,
): Promise<Change | undefined> {
  const target = await visibleMessage(tx, viewer, id);
  if (!target) return undefined;
  const { mailboxId, messageId } = parseId(id);
  const [removed] = await tx.query<{ closed_at: Date }>(sql`
    delete from request_closures
     where workspace_id = ${viewer.workspaceId} and mailbox_id = ${mailboxId}
       and message_id = ${messageId}::bigint
    returning closed_at`);
  if (!removed) return undefined;
  await refreshThreadFacts(tx, viewer.workspaceId, mailboxId, [target.thread_key]);
  return {
    before: [itemOf(id, target, new Date(removed.closed_at))],
    after: [itemOf(id, target, null)],
  };
}
