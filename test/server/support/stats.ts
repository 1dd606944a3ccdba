import type { Db } from '../../../server/db/types';

// Messages put straight into the database, as the sync would store them, for the statistics tests.

export interface MessageInput {
  thread?: string;
  direction?: 'inbound' | 'outbound';
  /** An ISO instant. */
  at: string;
  from?: string;
  to?: string[];
  cc?: string[];
  subject?: string;
  folder?: string | null;
  labels?: string[];
  categories?: string[];
  autoSubmitted?: string | null;
  precedence?: string | null;
  listId?: string | null;
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
  db: Db,
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
      subject: m.subject ?? 'Question',
      auto_submitted: m.autoSubmitted ?? null,
      precedence: m.precedence ?? null,
      list_id: m.listId ?? null,
    };
  });
  const inserted = await db.query<{ message_id: number }>(
    `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction, sent_at,
       folder, labels, categories, from_address, to_addresses, cc_addresses, subject,
       auto_submitted, precedence, list_id)
     select $1, $2, r.provider_id, r.thread_key, r.direction, r.sent_at, r.folder, r.labels,
            r.categories, r.from_address, r.to_addresses, r.cc_addresses, r.subject,
            r.auto_submitted, r.precedence, r.list_id
       from jsonb_to_recordset($3::jsonb) as r(provider_id text, thread_key text, direction text,
         sent_at timestamptz, folder text, labels text[], categories text[], from_address text,
         to_addresses text[], cc_addresses text[], subject text, auto_submitted text,
         precedence text, list_id text)
     returning message_id`,
    [mailbox.workspaceId, mailbox.mailboxId, JSON.stringify(rows)],
  );
  return inserted.map((row) => row.message_id);
}
