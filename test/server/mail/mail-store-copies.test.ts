import { describe, expect, it } from 'vitest';
import { imapMessage, batchOf, copyOf, storeFixtures } from '../support/mail-store';
import { setUpTestApp } from '../support/suite';

// The store: copies of one message in several folders, and changes that set a message aside.

const suite = setUpTestApp('storecopy');
const { mailboxTarget, rowsOf, commit } = storeFixtures(suite);

describe('commitBatch: copies and changes', () => {
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
