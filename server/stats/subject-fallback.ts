import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';

// The subject fallback (docs/statistics.md, definition 2): a reply written from a phone that sent
// no In-Reply-To or References, or one whose subject the seller rewrote only by its prefix,
// begins a thread of its own, so the request waited for ever and the reply counted as outreach.
// An outbound message with neither header joins the most recent conversation of the workspace,
// within 14 days before it, whose unanswered message from one of its recipients has the same
// subject once reply and forward prefixes are stripped.

// Reply and forward prefixes, any case, repeated, with a counter as some clients add
// ("Re[2]:"): English and Outlook's Re, Fwd, Fw; German AW, WG; French TR; Spanish RV; Italian
// R, I; Dutch Antw, Doorst; Portuguese Res, Enc; Swedish, Danish, Norwegian SV, VB, VS; Polish
// Odp, PD.
const PREFIXES =
  '^(\\s*(re|fwd?|aw|wg|tr|rv|r|i|antw|doorst|res|enc|sv|vb|vs|odp|pd)\\s*(\\[\\d+\\])?\\s*:)+';

/** A subject without its prefixes, whitespace folded, lower-cased. */
export const normalizedSubject = (subject: Sql) =>
  sql`lower(btrim(regexp_replace(regexp_replace(${subject}, ${PREFIXES}, '', 'i'), '\\s+', ' ', 'g')))`;

const RECIPIENTS = sql`string_to_array(lower(array_to_string(c.to_addresses || c.cc_addresses || c.bcc_addresses, ' ')), ' ')`;

/** A conversation the candidate should join: its mailbox thread's key and the conversation's. */
export interface SubjectEdge {
  seed: string;
  target: string;
}

/**
 * The subject fallback's joins for the outbound messages of `candidates` (a condition on
 * `messages c`), against the conversations as `messages.conversation_key` has them: each
 * candidate's thread (`mailbox id:thread key`) and the conversation it joins.
 */
export async function subjectEdges(
  tx: Queryable,
  workspaceId: number,
  candidates: Sql,
): Promise<SubjectEdge[]> {
  return tx.query<SubjectEdge>(sql`
    select seed, target from (
      select distinct on (c.message_id) c.mailbox_id::text || ':' || c.thread_key as seed,
             q.conversation_key as target
        from messages c
        cross join lateral unnest(${RECIPIENTS}) as r(address)
        join messages q
          on q.workspace_id = ${workspaceId} and q.direction = 'inbound'
         and lower(q.from_address) = r.address
         and q.sent_at < c.sent_at and q.sent_at >= c.sent_at - interval '14 days'
         and ${normalizedSubject(sql`q.subject`)} = ${normalizedSubject(sql`c.subject`)}
       where c.workspace_id = ${workspaceId} and ${candidates}
         and c.direction = 'outbound' and c.in_reply_to is null
         and cardinality(c.references_ids) = 0 and ${normalizedSubject(sql`c.subject`)} <> ''
         and q.conversation_key is distinct from c.conversation_key
         and q.set_aside is distinct from 'spam'
         -- Unanswered when the candidate was sent: nothing of the team reached its sender since.
         and not exists (
           select 1 from messages a
            where a.workspace_id = ${workspaceId} and a.conversation_key = q.conversation_key
              and a.direction = 'outbound' and a.sent_at > q.sent_at and a.sent_at < c.sent_at
              and lower(q.from_address) = any(string_to_array(lower(array_to_string(
                    a.to_addresses || a.cc_addresses || a.bcc_addresses, ' ')), ' ')))
       order by c.message_id, q.sent_at desc, q.conversation_key) x`);
}
