import { describe, expect, it } from 'vitest';
import type { SyncBatch, SyncedMessage } from '../../../server/mail/connector';
import { commitBatch, LeaseLostError, type StoreTarget } from '../../../server/mail/store';
import { setUpTestApp } from '../support/suite';

const suite = setUpTestApp('store');

function imapMessage(id: string, at: string, headers: Partial<SyncedMessage['headers']> = {}) {
  return {
    providerId: `INBOX:1:${id}`,
    threadKey: null,
    folder: 'INBOX',
    labels: [],
    categories: [],
    inSentFolder: false,
    sentAt: new Date(at),
    headers: {
      from: 'Carla Customer <carla@customer.example>',
      to: 'sales@store1.example',
      cc: null,
      subject: `Question ${id}`,
      messageId: `<${id}@customer.example>`,
      inReplyTo: null,
      references: null,
      autoSubmitted: null,
      precedence: null,
      listId: null,
      ...headers,
    },
  } satisfies SyncedMessage;
}

const batchOf = (messages: SyncedMessage[], done = messages.length): SyncBatch => ({
  messages,
  cursor: { uid: done },
  historyLoaded: false,
  progress: { done, total: 10 },
});

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

describe('commitBatch', () => {
  it('stores parsed headers, the direction and the cursor in one go', async () => {
    const target = await mailboxTarget();
    const reply = imapMessage('b', '2026-03-02T10:00:00Z', {
      from: `"Sales, Team" <${target.email.toUpperCase()}>`,
      to: 'Carla <carla@customer.example>, =?UTF-8?B?Sm9zw6k=?= <jose@customer.example>',
      subject: '=?UTF-8?Q?Re:_Caf=C3=A9?=',
      inReplyTo: '<a@customer.example>',
    });
    const result = await suite.db.transaction((tx) =>
      commitBatch(tx, target, batchOf([imapMessage('a', '2026-03-02T09:00:00Z'), reply])),
    );
    expect(result).toEqual({ inserted: 2, threads: ['<a@customer.example>'] });
    const [stored] = await suite.db.query<Record<string, unknown>>(
      `select direction, from_address, to_addresses, subject, thread_key from messages
        where workspace_id = $1 and provider_id = 'INBOX:1:b'`,
      [target.workspaceId],
    );
    expect(stored).toEqual({
      direction: 'outbound',
      from_address: target.email,
      to_addresses: ['carla@customer.example', 'jose@customer.example'],
      subject: 'Re: Café',
      thread_key: '<a@customer.example>',
    });
    const [sync] = await suite.db.query<Record<string, unknown>>(
      `select cursor, progress_done, progress_total from mailbox_sync where mailbox_id = $1`,
      [target.mailboxId],
    );
    expect(sync).toEqual({ cursor: { uid: 2 }, progress_done: 2, progress_total: 10 });
  });

  it('stores a message delivered twice once', async () => {
    const target = await mailboxTarget();
    const message = imapMessage('a', '2026-03-02T09:00:00Z');
    await suite.db.transaction((tx) => commitBatch(tx, target, batchOf([message])));
    const again = await suite.db.transaction((tx) => commitBatch(tx, target, batchOf([message])));
    expect(again.inserted).toBe(0);
    expect(await threadsOf(target)).toHaveLength(1);
  });

  it('moves a reply stored before its original into the original thread', async () => {
    const target = await mailboxTarget();
    const reply = imapMessage('r', '2026-03-02T11:00:00Z', {
      references: '<root@customer.example> <mid@customer.example>',
    });
    const root = imapMessage('root', '2026-03-02T09:00:00Z');
    await suite.db.transaction((tx) => commitBatch(tx, target, batchOf([reply])));
    const result = await suite.db.transaction((tx) => commitBatch(tx, target, batchOf([root])));
    expect(result.threads.sort()).toEqual(['<r@customer.example>', '<root@customer.example>']);
    expect((await threadsOf(target)).map((row) => row.thread_key)).toEqual([
      '<root@customer.example>',
      '<root@customer.example>',
    ]);
  });

  it('never joins threads by subject', async () => {
    const target = await mailboxTarget();
    const first = imapMessage('x', '2026-03-02T09:00:00Z', { subject: 'Same' });
    const second = imapMessage('y', '2026-03-02T10:00:00Z', { subject: 'Re: Same' });
    await suite.db.transaction((tx) => commitBatch(tx, target, batchOf([first, second])));
    expect(new Set((await threadsOf(target)).map((row) => row.thread_key)).size).toBe(2);
  });

  it('stores nothing, cursor included, when the lease was lost', async () => {
    const target = await mailboxTarget(-1);
    await expect(
      suite.db.transaction((tx) =>
        commitBatch(tx, target, batchOf([imapMessage('a', '2026-03-02T09:00:00Z')])),
      ),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await threadsOf(target)).toEqual([]);
    const [sync] = await suite.db.query<{ cursor: unknown }>(
      `select cursor from mailbox_sync where mailbox_id = $1 and workspace_id = $2`,
      [target.mailboxId, target.workspaceId],
    );
    expect(sync?.cursor).toBeNull();
  });
});
