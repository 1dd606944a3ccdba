import type { components } from '../../../openapi/portal.gen';
import type { Db, Queryable } from '../../../server/db/types';
import { replaceCompanyHours } from '../../../server/repos/business-hours';
import { rebuildWorkspaceStats } from '../../../server/stats/rebuild';
import { client, type TestWorkspace } from './app';
import type { TestSuite } from './suite';

// Messages put straight into the database, as the sync would store them, for the statistics tests.

export interface MessageInput {
  thread?: string;
  direction?: 'inbound' | 'outbound';
  /** An ISO instant. */
  at: string;
  from?: string;
  to?: string[];
  cc?: string[];
  /** The Bcc of the mailbox's sent copy. */
  bcc?: string[];
  subject?: string;
  folder?: string | null;
  labels?: string[];
  categories?: string[];
  autoSubmitted?: string | null;
  precedence?: string | null;
  listId?: string | null;
  /** The media type as the store keeps it (`multipart/report`). */
  contentType?: string | null;
  /** An answer to a meeting invitation; null where the provider does not say. */
  meetingResponse?: boolean | null;
  /** A meeting's cancellation; null where the provider does not say. */
  meetingCancellation?: boolean | null;
  /** The message carries List-Unsubscribe. */
  listUnsubscribe?: boolean;
  /** Return-Path is `<>`: a notification such as a bounce. */
  nullSender?: boolean;
  /** An auto-responder's mark (X-Autoreply and the like). */
  autoReply?: boolean;
  /** Message-ID, In-Reply-To and References, which join mailboxes' threads (definition 1). */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** Moved to trash or spam (or deleted: trash). */
  setAside?: 'trash' | 'spam';
}

export interface StatsMailbox {
  workspaceId: number;
  mailboxId: number;
  email: string;
}

/** A tracked mailbox `local@domain` of the workspace. */
export async function addMailbox(
  db: Db,
  workspaceId: number,
  email: string,
): Promise<StatsMailbox> {
  const [row] = await db.query<{ mailbox_id: number }>(
    `insert into mailboxes (workspace_id, email, full_name, status)
     values ($1, $2, '', 'working') returning mailbox_id`,
    [workspaceId, email],
  );
  if (!row) throw new Error('no mailbox inserted');
  return { workspaceId, mailboxId: row.mailbox_id, email };
}

/** The mailbox id of an existing address. */
export async function mailboxOf(db: Db, workspaceId: number, email: string): Promise<StatsMailbox> {
  const [row] = await db.query<{ mailbox_id: number }>(
    `select mailbox_id from mailboxes where workspace_id = $1 and email = $2`,
    [workspaceId, email],
  );
  if (!row) throw new Error(`no mailbox ${email}`);
  return { workspaceId, mailboxId: row.mailbox_id, email };
}

let sequence = 0;

/**
 * Inserts messages with sensible defaults: thread `t1`; inbound from customer@client.example to
 * the mailbox; outbound from the mailbox to customer@client.example. Returns their ids.
 */
export async function insertMessages(
  db: Queryable,
  mailbox: StatsMailbox,
  messages: readonly MessageInput[],
): Promise<number[]> {
  const rows = messages.map((m) => {
    sequence += 1;
    const direction = m.direction ?? 'inbound';
    const customer = 'customer@client.example';
    return {
      provider_id: `p${sequence}`,
      thread_key: m.thread ?? 't1',
      direction,
      sent_at: m.at,
      folder: m.folder ?? (direction === 'outbound' ? 'Sent' : 'INBOX'),
      labels: m.labels ?? [],
      categories: m.categories ?? [],
      from_address: m.from ?? (direction === 'inbound' ? customer : mailbox.email),
      to_addresses: m.to ?? (direction === 'inbound' ? [mailbox.email] : [customer]),
      cc_addresses: m.cc ?? [],
      bcc_addresses: m.bcc ?? [],
      subject: m.subject ?? 'Question',
      auto_submitted: m.autoSubmitted ?? null,
      precedence: m.precedence ?? null,
      list_id: m.listId ?? null,
      content_type: m.contentType ?? null,
      meeting_response: m.meetingResponse ?? null,
      meeting_cancellation: m.meetingCancellation ?? null,
      list_unsubscribe: m.listUnsubscribe ?? null,
      null_sender: m.nullSender ?? null,
      auto_reply: m.autoReply ?? null,
      message_id_header: m.messageId ?? null,
      in_reply_to: m.inReplyTo ?? null,
      references_ids: m.references ?? [],
      set_aside: m.setAside ?? null,
    };
  });
  const inserted = await db.query<{ message_id: number }>(
    `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
       folder, labels, categories, from_address, to_addresses, cc_addresses, bcc_addresses,
       subject, auto_submitted, precedence, list_id, content_type, meeting_response,
       meeting_cancellation, list_unsubscribe, null_sender, auto_reply, message_id_header,
       in_reply_to, references_ids, set_aside)
     select $1, $2, r.provider_id, r.thread_key, r.direction, r.sent_at, r.folder, r.labels,
            r.categories, r.from_address, r.to_addresses, r.cc_addresses, r.bcc_addresses,
            r.subject, r.auto_submitted, r.precedence, r.list_id, r.content_type,
            r.meeting_response, r.meeting_cancellation, r.list_unsubscribe, r.null_sender,
            r.auto_reply, r.message_id_header, r.in_reply_to, r.references_ids, r.set_aside
       from jsonb_to_recordset($3::jsonb) as r(provider_id text, thread_key text, direction text,
         sent_at timestamptz, folder text, labels text[], categories text[], from_address text,
         to_addresses text[], cc_addresses text[], bcc_addresses text[], subject text,
         auto_submitted text, precedence text, list_id text, content_type text, meeting_response boolean,
         meeting_cancellation boolean, list_unsubscribe boolean, null_sender boolean, auto_reply boolean,
         message_id_header text, in_reply_to text, references_ids text[], set_aside text)
     returning message_id`,
    [mailbox.workspaceId, mailbox.mailboxId, JSON.stringify(rows)],
  );
  return inserted.map((row) => row.message_id);
}

const WORKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;

/** Company hours Monday to Friday 09:00–17:30 Europe/Madrid, as the definitions' example. */
export async function setMadridHours(db: Db, workspaceId: number) {
  await db.transaction((tx) =>
    replaceCompanyHours(tx, workspaceId, {
      timezone: 'Europe/Madrid',
      business_hours: WORKDAYS.map((weekday) => ({
        weekday,
        start_time: '09:00:00',
        end_time: '17:30:00',
      })),
    }),
  );
}

export interface StatsScenario {
  ws: TestWorkspace;
  /** sales@ the workspace's domain. */
  sales: StatsMailbox;
  insert: (messages: readonly MessageInput[], mailbox?: StatsMailbox) => Promise<number[]>;
  rebuild: () => Promise<unknown>;
  /** GETs /portal/api/stats/<path>?<query> as the admin; asserts 200 and returns the JSON. */
  get: <T = Record<string, unknown>>(path: string, query: Record<string, string>) => Promise<T>;
}

/** A workspace with Madrid company hours and a mailbox sales@, ready for messages. */
export async function statsScenario(suite: TestSuite): Promise<StatsScenario> {
  const ws = await suite.workspace();
  await setMadridHours(suite.db, ws.workspaceId);
  const sales = await addMailbox(suite.db, ws.workspaceId, `sales@${ws.domain}`);
  return {
    ws,
    sales,
    insert: (messages, mailbox = sales) => insertMessages(suite.db, mailbox, messages),
    rebuild: () => rebuildWorkspaceStats(suite.db, ws.workspaceId),
    get: async <T>(path: string, query: Record<string, string>) => {
      const url = `/portal/api/stats/${path}?${new URLSearchParams(query).toString()}`;
      const reply = await client(suite.app, ws.admin.token).get(url);
      if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
      return reply.json<T>();
    },
  };
}

/** One day's summary as the admin sees it, after a rebuild of the workspace's statistics. */
export async function rebuiltDaySummary(suite: TestSuite, ws: TestWorkspace, day: string) {
  await rebuildWorkspaceStats(suite.db, ws.workspaceId);
  const reply = await client(suite.app, ws.admin.token).get(
    `/portal/api/stats/summary?from=${day}&to=${day}`,
  );
  return reply.json<components['schemas']['StatsSummary']>();
}
