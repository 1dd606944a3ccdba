import { describe, expect, it } from 'vitest';
import type { SyncBatch, SyncedMessage } from '../../../server/mail/connector';
import { commitBatch, LeaseLostError, type StoreTarget } from '../../../server/mail/store';
import { NO_HEADERS } from '../support/mail-sync';
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
      ...NO_HEADERS,
      from: 'Carla Customer <carla@customer.example>',
      to: 'sales@store1.example',
      subject: `Question ${id}`,
      messageId: `<${id}@customer.example>`,
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

/** The same message as another copy: another provider id, another folder. */
const copyOf = (message: SyncedMessage, providerId: string, folder: string, sent = false) => ({
  ...message,
  providerId,
  folder,
  inSentFolder: sent,
});

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

  it('takes the header values of a message read again, and keeps those a partial read lacks', async () => {
    const target = await mailboxTarget();
    // As an earlier version stored it: UTF-8 read a byte a character, no media type kept.
    await commit(
      target,
      batchOf([imapMessage('a', '2026-03-02T09:00:00Z', { subject: 'RÃ©clamation' })]),
    );
    const again = imapMessage('a', '2026-03-02T09:00:00Z', {
      subject: 'Réclamation',
      autoSubmitted: 'auto-replied',
      contentType: 'multipart/report; report-type=delivery-status',
    });
    expect(await commit(target, batchOf([again]))).toEqual({
      inserted: 0,
      threads: ['<a@customer.example>'],
    });
    const partial = imapMessage('a', '2026-03-02T09:00:00Z', {
      from: null,
      to: null,
      subject: null,
      autoSubmitted: null,
      contentType: null,
    });
    expect(await commit(target, batchOf([partial]))).toEqual({ inserted: 0, threads: [] });
    const [stored] = await suite.db.query<Record<string, unknown>>(
      `select from_address, to_addresses, subject, auto_submitted, content_type from messages
        where workspace_id = $1 and mailbox_id = $2`,
      [target.workspaceId, target.mailboxId],
    );
    expect(stored).toEqual({
      from_address: 'carla@customer.example',
      to_addresses: ['sales@store1.example'],
      subject: 'Réclamation',
      auto_submitted: 'auto-replied',
      content_type: 'multipart/report',
    });
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

  it('stores a message once whatever folders hold it: found again by provider id or Message-ID', async () => {
    const target = await mailboxTarget();
    const original = imapMessage('a', '2026-03-02T09:00:00Z', {
      from: 'Team <team@other.example>',
    });
    await commit(target, batchOf([original]));
    // Another copy, in the sent folder (rule 1: outbound), and a copy in two folders of one batch.
    const sent = copyOf(original, 'Sent:1:7', 'Sent', true);
    const result = await commit(
      target,
      batchOf([sent, copyOf(original, 'Archive:1:3', 'Archive')]),
    );
    expect(result).toEqual({ inserted: 0, threads: ['<a@customer.example>'] });
    expect(await rowsOf(target)).toEqual([
      {
        provider_id: 'Archive:1:3',
        direction: 'outbound',
        folder: 'Archive',
        categories: [],
        set_aside: null,
      },
    ]);
    // The same copy again changes nothing, and no figure is recomputed.
    const again = await commit(target, batchOf([copyOf(original, 'Archive:1:3', 'Archive')]));
    expect(again).toEqual({ inserted: 0, threads: [] });
  });

  it('sets a stored message aside and back by a change, which never stores a new message', async () => {
    const target = await mailboxTarget();
    const message = imapMessage('a', '2026-03-02T09:00:00Z');
    await commit(target, batchOf([message]));
    const trashed = await commit(target, {
      ...batchOf([]),
      changes: [
        { providerId: 'Trash:1:1', messageId: '<a@customer.example>', setAside: 'trash' },
        { providerId: 'Trash:1:2', messageId: '<unknown@customer.example>', setAside: 'trash' },
      ],
    });
    expect(trashed.threads).toEqual(['<a@customer.example>']);
    expect(await rowsOf(target)).toMatchObject([{ provider_id: 'INBOX:1:a', set_aside: 'trash' }]);
    // Seen again in a folder the statistics read: counted again.
    const back = await commit(target, batchOf([copyOf(message, 'INBOX:1:9', 'INBOX')]));
    expect(back.threads).toEqual(['<a@customer.example>']);
    expect(await rowsOf(target)).toMatchObject([{ set_aside: null }]);
  });

  it('applies a partial change to what it carries and leaves the rest', async () => {
    const target = await mailboxTarget();
    const message = { ...imapMessage('a', '2026-03-02T09:00:00Z'), categories: ['Customer'] };
    await commit(target, batchOf([message]));
    await commit(target, {
      ...batchOf([]),
      changes: [{ providerId: 'INBOX:1:a', messageId: null, setAside: null, categories: ['VIP'] }],
    });
    expect(await rowsOf(target)).toEqual([
      {
        provider_id: 'INBOX:1:a',
        direction: 'inbound',
        folder: 'INBOX',
        categories: ['VIP'],
        set_aside: null,
      },
    ]);
  });
});
