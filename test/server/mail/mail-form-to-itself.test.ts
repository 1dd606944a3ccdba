import { describe, expect, it } from 'vitest';
import type { SyncedMessage } from '../../../server/mail/connector';
import { batchRows } from '../../../server/mail/store-rows';
import { NO_HEADERS } from '../support/mail-sync';

// Which messages in the sent folder are a web form's, sent through the mailbox's own account to
// the mailbox, and so received: only those to the mailbox alone with the visitor in Reply-To.

const MAILBOX = 'support@company.example';

const sentCopy = (headers: Partial<SyncedMessage['headers']>): SyncedMessage => ({
  providerId: 'Sent:1:1',
  threadKey: null,
  folder: 'Sent',
  labels: [],
  categories: [],
  inSentFolder: true,
  sentAt: new Date('2026-11-23T09:00:00Z'),
  headers: {
    ...NO_HEADERS,
    from: MAILBOX,
    to: MAILBOX,
    messageId: '<f1@company.example>',
    ...headers,
  },
});

const stored = (message: SyncedMessage) => {
  const [row] = batchRows([message], MAILBOX);
  return { direction: row?.direction, from: row?.from_address };
};

describe('a message in the sent folder', () => {
  it("is the visitor's when a form sent it to the mailbox alone, the visitor in Reply-To", () => {
    expect(stored(sentCopy({ replyTo: 'Dan <dan@shop.example>' }))).toEqual({
      direction: 'inbound',
      from: 'dan@shop.example',
    });
    // From an alias at the mailbox's domain, and with the received copy in the same batch.
    const alias = sentCopy({ from: 'noreply@company.example', replyTo: 'dan@shop.example' });
    const received = { ...alias, providerId: 'INBOX:1:1', folder: 'INBOX', inSentFolder: false };
    expect(batchRows([alias, received], MAILBOX).map((row) => row.direction)).toEqual(['inbound']);
  });

  it("stays the mailbox's own when anything says a person wrote it", () => {
    const own = { direction: 'outbound', from: MAILBOX };
    // A copy to a colleague, another recipient, answers asked at the company, no Reply-To.
    const replyTo = 'dan@shop.example';
    expect(stored(sentCopy({ replyTo, cc: 'ann@company.example' }))).toEqual(own);
    expect(stored(sentCopy({ replyTo, to: `${MAILBOX}, dan@shop.example` }))).toEqual(own);
    expect(stored(sentCopy({ replyTo: 'sales@company.example' }))).toEqual(own);
    expect(stored(sentCopy({}))).toEqual(own);
    // From another company's address: not the mailbox's account writing for a visitor.
    expect(stored(sentCopy({ replyTo, from: 'eve@client.example' }))).toEqual({
      direction: 'outbound',
      from: 'eve@client.example',
    });
  });
});
