import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Generation, Rules } from './fact-sql';
import { automated } from './message-class-sql';

// The subject fallback (docs/statistics.md, definition 2): a reply written from a phone that sent
// no In-Reply-To or References, or one whose subject the seller rewrote only by its prefix,
// begins a thread of its own, so the request waited for ever and the reply counted as outreach.
// An outbound message with neither header that begins its mailbox thread joins the most recent
// conversation of the workspace, within 14 days before it, whose unanswered message from one of
// its recipients has the same subject once reply and forward prefixes are stripped.

/** A subject without its prefixes, whitespace folded, lower-cased (migration 0030). */
const normalizedSubject = (subject: Sql) => sql`normalized_subject(${subject})`;

const RECIPIENTS = sql`string_to_array(lower(array_to_string(c.to_addresses || c.cc_addresses || c.bcc_addresses, ' ')), ' ')`;

/**
 * A conversation the candidate should join: the candidate's mailbox thread (`mailbox id:thread
 * key`), its conversation now (`own`, the thread's key while it has none) and the target's.
 */
interface SubjectEdge {
  seed: string;
  own: string;
  target: string;
}

/**
 * The subject fallback's joins for the outbound messages of `candidates` (a condition on
 * `messages c`), against the conversations as `messages.conversation_key` has them: each
 * candidate's thread (`mailbox id:thread key`) and the conversation it joins.
 */
export async function subjectEdges(
  tx: Queryable,
  { workspaceId }: Generation,
  { classes, excluded }: Rules,
  candidates: Sql,
): Promise<SubjectEdge[]> {
  return tx.query<SubjectEdge>(sql`
    with candidates as materialized (
      select c.message_id, c.mailbox_id::text || ':' || c.thread_key as seed, c.sent_at,
             c.conversation_key, ${normalizedSubject(sql`c.subject`)} as subject, r.address
        from messages c cross join lateral unnest(${RECIPIENTS}) as r(address)
       where c.workspace_id = ${workspaceId} and ${candidates}
         and c.direction = 'outbound' and c.in_reply_to is null
         and cardinality(c.references_ids) = 0 and ${normalizedSubject(sql`c.subject`)} <> ''
         -- It began its thread: a message its provider already threaded with others is home.
         and not exists (
           select 1 from messages e
            where e.workspace_id = ${workspaceId} and e.mailbox_id = c.mailbox_id
              and e.thread_key = c.thread_key and e.sent_at < c.sent_at)
    )
    select distinct on (c.message_id) c.seed, coalesce(c.conversation_key, c.seed) as own, q.target
      from candidates c
      cross join lateral (
        -- The recipient's latest request under that subject (a counted message by the
        -- generation's rules: from outside, not automated, not excluded) that nothing of the team
        -- reached before the candidate.
        select coalesce(m.conversation_key, m.mailbox_id::text || ':' || m.thread_key) as target,
               m.sent_at
          from (select m.*, array[lower(m.from_address)] as cps from messages m
                 where m.workspace_id = ${workspaceId} and m.direction = 'inbound'
                   and lower(m.from_address) = c.address
                   and m.sent_at < c.sent_at and m.sent_at >= c.sent_at - interval '14 days') m
         where lower(m.from_address) !~ ${classes.internal} and not ${automated(classes)}
           and not coalesce(${excluded}, false) and m.set_aside is distinct from 'spam'
           and ${normalizedSubject(sql`m.subject`)} = c.subject
           and m.conversation_key is distinct from c.conversation_key
           and not exists (
             select 1 from messages a
              where a.workspace_id = ${workspaceId} and a.conversation_key = m.conversation_key
                and a.direction = 'outbound' and a.sent_at > m.sent_at and a.sent_at < c.sent_at
                and c.address = any(string_to_array(lower(array_to_string(
                      a.to_addresses || a.cc_addresses || a.bcc_addresses, ' ')), ' ')))
         order by m.sent_at desc limit 1) q
     order by c.message_id, q.sent_at desc, q.target`);
}
