import { describe, expect, it } from 'vitest';
import { commitBatch, LeaseLostError } from '../../../server/mail/store';
import { imapMessage, batchOf, storeFixtures } from '../support/mail-store';
import { setUpTestApp } from '../support/suite';

// The store: what a batch of synced messages becomes, with its cursor, in one transaction.

const suite = setUpTestApp('store');
const { mailboxTarget, threadsOf, commit } = storeFixtures(suite);

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
});
