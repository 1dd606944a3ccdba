import type { SyncBatch, SyncedMessage } from '../../../server/mail/connector';
import { commitBatch, type StoreTarget } from '../../../server/mail/store';
import { NO_HEADERS } from './mail-sync';
import type { TestSuite } from './suite';

// What the store's tests share (test/server/mail/mail-store*.test.ts): IMAP-like messages and
// batches, a mailbox whose sync is leased, and what the store kept of it.

export function imapMessage(
  id: string,
  at: string,
  headers: Partial<SyncedMessage['headers']> = {},
) {
  return {
    providerId: `INBOX:1:${id}`,
    threadKey: null,
    folder: 'INBOX',
    labels: [],
    categories: [],
    inSentFolder: false,
    sentAt: new Date(at),
    headers: {
      ...NO_HEADERS,
      from: 'Carla Customer <carla@customer.example>',
      to: 'sales@store1.example',
      subject: `Question ${id}`,
      messageId: `<${id}@customer.example>`,
      ...headers,
    },
  } satisfies SyncedMessage;
}

export const batchOf = (messages: SyncedMessage[], done = messages.length): SyncBatch => ({
  messages,
  cursor: { uid: done },
  historyLoaded: false,
  progress: { done, total: 10 },
});

/** The same message as another copy: another provider id, another folder. */
export const copyOf = (
  message: SyncedMessage,
  providerId: string,
  folder: string,
  sent = false,
) => ({
  ...message,
  providerId,
  folder,
  inSentFolder: sent,
});

/** A new workspace's mailbox with its sync leased to `worker-a`; batches committed; its rows. */
export function storeFixtures(suite: TestSuite) {
  async function mailboxTarget(leaseSeconds = 60): Promise<StoreTarget> {
    const ws = await suite.workspace();
    const [mailbox] = await suite.db.query<{ mailbox_id: number; email: string }>(
      `insert into mailboxes (workspace_id, email) values ($1, $2) returning mailbox_id, email`,
      [ws.workspaceId, `sales@${ws.domain}`],
    );
    if (!mailbox) throw new Error('no mailbox');
    await suite.db.query(
      `insert into mailbox_sync (workspace_id, mailbox_id, lease_owner, lease_expires_at)
       values ($1, $2, 'worker-a', now() + make_interval(secs => $3))`,
      [ws.workspaceId, mailbox.mailbox_id, leaseSeconds],
    );
    return {
      workspaceId: ws.workspaceId,
      mailboxId: mailbox.mailbox_id,
      email: mailbox.email,
      leaseOwner: 'worker-a',
    };
  }

  const threadsOf = (target: StoreTarget) =>
    suite.db.query<{ provider_id: string; thread_key: string; direction: string }>(
      `select provider_id, thread_key, direction from messages
        where workspace_id = $1 and mailbox_id = $2 order by provider_id`,
      [target.workspaceId, target.mailboxId],
    );

  const rowsOf = (target: StoreTarget) =>
    suite.db.query<{
      provider_id: string;
      direction: string;
      folder: string | null;
      categories: string[];
      set_aside: string | null;
    }>(
      `select provider_id, direction, folder, categories, set_aside from messages
        where workspace_id = $1 and mailbox_id = $2 order by message_id`,
      [target.workspaceId, target.mailboxId],
    );

  const commit = (target: StoreTarget, batch: SyncBatch) =>
    suite.db.transaction((tx) => commitBatch(tx, target, batch));

  return { mailboxTarget, threadsOf, rowsOf, commit };
}
