import { sql } from '../../db/sql';
import type { Queryable } from '../../db/types';
import type { DemoMessage } from './threads';

// Set-based loading of generated demo mail for the seed and the benches: one INSERT … SELECT
// from jsonb_to_recordset per chunk, never one statement per message. The rows are what
// commitBatch would store for the same messages (addresses lower-case, ids with brackets).

interface DemoMailbox {
  mailboxId: number;
  /** Lower-case address, as the generator was given it. */
  email: string;
}

const insert = (workspaceId: number, json: string) => sql`
  insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
    folder, labels, from_address, from_name, to_addresses, cc_addresses, subject,
    message_id_header, in_reply_to, references_ids, auto_submitted, precedence, list_id)
  select ${workspaceId}, r.m, r.p, r.t, case when r.o then 'outbound' else 'inbound' end,
    to_timestamp(r.s / 1000.0), case when r.o then 'Sent' else 'INBOX' end, '{}', r.fa, r.fn,
    r.ta, r.ca, r.su, r.mi, r.ir, r.rf, r.au, r.pr, r.li
  from jsonb_to_recordset(${json}::jsonb) as r(m int, p text, t text, o boolean, s bigint, fa text,
    fn text, ta text[], ca text[], su text, mi text, ir text, rf text[], au text, pr text,
    li text)
  on conflict do nothing`;

function row(mailboxId: number, m: DemoMessage) {
  return {
    m: mailboxId,
    p: m.providerId,
    t: m.threadKey,
    o: m.outbound,
    s: m.sentAt,
    fa: m.from.address,
    fn: m.from.name,
    ta: m.to,
    ca: m.cc,
    su: m.subject,
    mi: m.messageId,
    ir: m.inReplyTo,
    rf: m.references,
    au: m.autoSubmitted,
    pr: m.precedence,
    li: m.listId,
  };
}

/**
 * Writes generated messages into `messages` for the workspace's mailboxes, `chunkSize` rows per
 * statement; returns how many were inserted (a message stored before is skipped).
 */
export async function insertDemoMail(
  tx: Queryable,
  workspaceId: number,
  mailboxes: readonly DemoMailbox[],
  messages: Iterable<DemoMessage>,
  chunkSize = 5000,
): Promise<number> {
  const ids = new Map(mailboxes.map((mailbox) => [mailbox.email.toLowerCase(), mailbox.mailboxId]));
  let inserted = 0;
  let chunk: ReturnType<typeof row>[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const json = JSON.stringify(chunk);
    chunk = [];
    const [result] = await tx.query<{ count: number }>(
      sql`with ins as (${insert(workspaceId, json)} returning 1) select count(*)::int as count from ins`,
    );
    inserted += result?.count ?? 0;
  };
  for (const message of messages) {
    const mailboxId = ids.get(message.mailbox);
    if (mailboxId === undefined) throw new Error(`no mailbox id for ${message.mailbox}`);
    chunk.push(row(mailboxId, message));
    if (chunk.length >= chunkSize) await flush();
  }
  await flush();
  return inserted;
}
