import { mailApiUrls } from '../../../server/config';
import type { Db } from '../../../server/db/types';
import type { MessageHeaders } from '../../../server/mail/connector';
import { openConnector } from '../../../server/mail/connectors';
import {
  createImapConnector,
  type ImapConnectorOptions,
} from '../../../server/mail/imap/connector';
import { SecretBox } from '../../../server/mail/secrets';
import { syncDueMailboxes, type SyncWorkerDeps } from '../../../server/mail/sync-worker';
import { markDue } from '../../../server/repos/mailbox-sync';
import { saveMailAccount } from '../../../server/repos/mail-accounts';
import type { Dovecot, TestMessage } from '../../support/dovecot';
import type { GoogleStandin } from '../../support/google-standin';
import type { GraphStandin } from '../../support/graph-standin';
import type { TestSuite } from './suite';

// Mail-sync fixtures: an IMAP account on the test Dovecot, mailboxes with due sync rows, messages.

export const TEST_KEY = Buffer.alloc(32, 7);
export const secrets = new SecretBox(TEST_KEY);

export async function readFromDovecot(db: Db, workspaceId: number, dovecot: Dovecot) {
  await saveMailAccount(db, workspaceId, {
    provider: 'imap',
    settings: {
      host: '127.0.0.1',
      port: dovecot.port,
      tls: false,
      masterUser: dovecot.masterUser,
      masterLogin: 'separator',
      sentFolder: 'Sent',
    },
    secret: secrets.seal(dovecot.masterPassword, { workspaceId, provider: 'imap' }),
  });
}

/** A worker's `connectorFor` that reads the test Dovecot with these options (batch size). */
export const imapConnectorFor = (dovecot: Dovecot, options: ImapConnectorOptions) => () =>
  Promise.resolve(
    createImapConnector(
      {
        host: '127.0.0.1',
        port: dovecot.port,
        tls: false,
        ca: null,
        masterUser: dovecot.masterUser,
        masterLogin: 'separator',
        masterSeparator: '*',
        sentFolder: 'Sent',
      },
      dovecot.masterPassword,
      options,
    ),
  );

/** The workspace reads Google Workspace through the stand-in's service account. */
export async function readFromGoogle(db: Db, workspaceId: number, google: GoogleStandin) {
  const key = { type: 'service_account', ...google.serviceAccount };
  await saveMailAccount(db, workspaceId, {
    provider: 'google',
    settings: { clientEmail: key.client_email },
    secret: secrets.seal(JSON.stringify(key), { workspaceId, provider: 'google' }),
  });
}

/** The workspace reads Microsoft 365 through the stand-in's app registration. */
export async function readFromGraph(db: Db, workspaceId: number, graph: GraphStandin) {
  const { tenant, clientId, clientSecret } = graph.account;
  await saveMailAccount(db, workspaceId, {
    provider: 'microsoft',
    settings: { tenant, clientId },
    secret: secrets.seal(clientSecret, { workspaceId, provider: 'microsoft' }),
  });
}

/** A tracked mailbox with a due sync row; returns its id. */
export async function addSyncedMailbox(
  db: Db,
  workspaceId: number,
  email: string,
  dataFrom = '2026-01-01',
): Promise<number> {
  const [row] = await db.query<{ mailbox_id: number }>(
    `with m as (insert into mailboxes (workspace_id, email, full_name, status, data_from)
                values ($1, $2, 'Box', 'loading_data', $3) returning workspace_id, mailbox_id)
     insert into mailbox_sync (workspace_id, mailbox_id, next_run_at)
     select workspace_id, mailbox_id, '2000-01-01' from m returning mailbox_id`,
    [workspaceId, email, dataFrom],
  );
  return row!.mailbox_id;
}

/** A clock the test moves by hand. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

export function workerDeps(db: Db, overrides: Partial<SyncWorkerDeps> = {}): SyncWorkerDeps {
  return {
    db,
    owner: 'test-worker',
    now: () => new Date(),
    connectorFor: (workspaceId) =>
      openConnector(db, workspaceId, { secrets, apis: mailApiUrls({}) }),
    intervalS: 300,
    ...overrides,
  };
}

let seq = 0;

export interface MessageSpec {
  from: string;
  to: string;
  subject?: string;
  id?: string;
  inReplyTo?: string;
  references?: string;
  date: string;
  cc?: string;
  /** Further header lines, e.g. `Auto-Submitted: auto-replied`. */
  headers?: readonly string[];
}

/** A message with the headers the sync reads and a small body it must never read. */
export function message(spec: MessageSpec): TestMessage & { raw: string; id: string } {
  seq += 1;
  const id = spec.id ?? `<m${seq}.${Date.now()}@test.example>`;
  const date = new Date(spec.date);
  const lines = [
    `From: ${spec.from}`,
    `To: ${spec.to}`,
    ...(spec.cc ? [`Cc: ${spec.cc}`] : []),
    `Subject: ${spec.subject ?? `Message ${seq}`}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${id}`,
    ...(spec.inReplyTo ? [`In-Reply-To: ${spec.inReplyTo}`] : []),
    ...(spec.references ? [`References: ${spec.references}`] : []),
    ...(spec.headers ?? []),
    '',
    'The body, which the sync never fetches.',
    '',
  ];
  return { raw: lines.join('\r\n'), date, id };
}

export interface StoredRow {
  provider_id: string;
  thread_key: string;
  direction: string;
  subject: string;
  folder: string | null;
  set_aside: string | null;
  message_id_header: string | null;
}

/** A message's headers with none set: a test names only those it needs. */
export const NO_HEADERS: MessageHeaders = {
  from: null,
  to: null,
  cc: null,
  bcc: null,
  subject: null,
  messageId: null,
  inReplyTo: null,
  references: null,
  autoSubmitted: null,
  precedence: null,
  listId: null,
  contentType: null,
  listUnsubscribe: null,
  originalFrom: null,
  returnPath: null,
  autoReply: null,
  replyTo: null,
};

/** Some columns of a mailbox's stored messages, as rows in the order asked for. */
export const storedColumns = (
  db: Db,
  mailbox: { workspaceId: number; mailboxId: number },
  columns: string,
  orderBy: 'sent_at' | 'subject' | 'message_id',
) =>
  db.query<Record<string, unknown>>(
    `select ${columns} from messages where workspace_id = $1 and mailbox_id = $2
      order by ${orderBy}`,
    [mailbox.workspaceId, mailbox.mailboxId],
  );

export const storedMessages = (db: Db, workspaceId: number, mailboxId: number) =>
  db.query<StoredRow>(
    `select provider_id, thread_key, direction, subject, folder, set_aside, message_id_header
       from messages
      where workspace_id = $1 and mailbox_id = $2 order by sent_at, provider_id`,
    [workspaceId, mailboxId],
  );

/** A workspace reading the test Dovecot, with one mailbox (a Dovecot user) due for sync. */
export async function imapMailbox(suite: TestSuite, dovecot: Dovecot, local = 'sales') {
  const ws = await suite.workspace();
  const email = `${local}@${ws.domain}`;
  await dovecot.addUser(email);
  await readFromDovecot(suite.db, ws.workspaceId, dovecot);
  const mailboxId = await addSyncedMailbox(suite.db, ws.workspaceId, email, '2026-02-01');
  const sync = async (overrides: Partial<SyncWorkerDeps> = {}) => {
    await markDue(suite.db, ws.workspaceId, new Date(), [email]);
    return syncDueMailboxes(workerDeps(suite.db, overrides), new AbortController().signal, {
      workspaceId: ws.workspaceId,
      emails: [email],
    });
  };
  const stored = () => storedMessages(suite.db, ws.workspaceId, mailboxId);
  const bySubject = async (subject: string) => (await stored()).find((m) => m.subject === subject);
  const mailbox = { workspaceId: ws.workspaceId, mailboxId };
  const columns = (names: string, orderBy: Parameters<typeof storedColumns>[3]) =>
    storedColumns(suite.db, mailbox, names, orderBy);
  return { ws, email, mailboxId, sync, stored, bySubject, columns };
}
