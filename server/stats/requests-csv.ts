import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { csvText } from '../http/csv';
import { scopedFacts } from './figure-sql';
import type { StatsScope } from './scope';

// The requests of a range as CSV (openapi `exportRequestsCsv`): each request once, on its first
// message's date, as the summary counts it (definition 4), with what became of it and, when it
// was closed by hand (rule 6), who closed it and when.

type RequestStatus = 'replied' | 'closed' | 'waiting' | 'unreplied';

interface RequestRow {
  mailbox: string;
  from: string | null;
  subject: string | null;
  received: string;
  status: RequestStatus;
  replied: string | null;
  business_seconds: number | null;
  calendar_seconds: number | null;
  closed_by: string | null;
  closed_at: string | null;
}

const HEADER = [
  'mailbox',
  'from',
  'subject',
  'received',
  'status',
  'replied',
  'response_business_seconds',
  'response_calendar_seconds',
  'closed_by',
  'closed_at',
];

/**
 * The scope's requests, oldest first. The mailbox, sender and subject are those of the request's
 * own first message, which is in one of the scope's mailboxes: a colleague's answer from a
 * mailbox the caller may not see gives its time only.
 */
export async function requestRows(tx: Queryable, scope: StatsScope): Promise<RequestRow[]> {
  const { workspaceId } = scope;
  return tx.query<RequestRow>(
    sql`with ${scopedFacts(scope)}
     select lower(mb.email) as mailbox, m.from_address as "from", m.subject,
            to_char(r.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received,
            case when r.reply_at is not null then 'replied' when r.is_closed then 'closed'
                 when r.is_waiting then 'waiting' else 'unreplied' end as status,
            to_char(r.reply_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as replied,
            round(r.business_seconds)::int as business_seconds,
            round(r.calendar_seconds)::int as calendar_seconds,
            lower(u.email) as closed_by,
            to_char(r.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as closed_at
       from reqs r
       join mailboxes mb on mb.workspace_id = ${workspaceId} and mb.mailbox_id = r.mailbox_id
       join messages m on m.workspace_id = ${workspaceId} and m.mailbox_id = r.mailbox_id
                      and m.message_id = r.first_message_id
       left join users u on u.workspace_id = ${workspaceId} and u.user_id = r.closed_by
      order by r.first_at, r.mailbox_id, r.first_message_id`,
  );
}

export function requestsCsv(rows: readonly RequestRow[]): string {
  return csvText([
    HEADER,
    ...rows.map((row) => [
      row.mailbox,
      row.from,
      row.subject,
      row.received,
      row.status,
      row.replied,
      row.business_seconds,
      row.calendar_seconds,
      row.closed_by,
      row.closed_at,
    ]),
  ]);
}
