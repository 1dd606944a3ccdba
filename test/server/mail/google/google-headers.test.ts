import { describe, expect, it } from 'vitest';
import { storedMessages, syncAndStore } from '../../support/cloud-sync';
import { storedColumns } from '../../support/mail-sync';
import { filledMailbox, setUpGmailTest } from './gmail-fixtures';

// What the Gmail connector keeps of a message from its metadata (the headers it asks for and
// its labels), against the stand-in, which returns only the headers asked for.

const { suite, google, connector } = setUpGmailTest('gmailhead');

describe('Google connector: what a message keeps', () => {
  it('keeps the media type that makes a bounce a report, and whether a newsletter says how to unsubscribe', async () => {
    const { mailbox, gmail } = await filledMailbox(suite, google(), 0);
    // As Gmail's own bounce is headed; Gmail's metadata gives header values as sent.
    gmail.add({
      at: new Date(),
      labelIds: ['INBOX'],
      headers: {
        From: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        Subject: 'Delivery Status Notification (Failure)',
        'Content-Type':
          'multipart/report; boundary="000000000000b1c2"; report-type=delivery-status',
      },
    });
    // As a bulk sender heads a newsletter for Gmail (RFC 8058 one-click unsubscribe).
    gmail.add({
      at: new Date(),
      labelIds: ['INBOX', 'CATEGORY_PROMOTIONS'],
      headers: {
        From: 'Acme News <news@mail.acme.example>',
        Subject: 'Our November offers',
        'List-Unsubscribe': '<https://mail.acme.example/u/8f3a>, <mailto:u-8f3a@mail.acme.example>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'content_type, list_unsubscribe';
    const rows = await storedColumns(suite.db, mailbox.store, columns, 'subject');
    expect(rows).toEqual([
      { content_type: 'multipart/report', list_unsubscribe: null },
      { content_type: null, list_unsubscribe: true },
    ]);
  });

  it('stores user labels by name', async () => {
    const { mailbox, gmail } = await filledMailbox(suite, google(), 0);
    const acme = gmail.createLabel('Customers/Acme');
    gmail.add({ at: new Date(), labelIds: [acme], headers: { Subject: 'Filed' } });
    await syncAndStore(suite.db, connector(), mailbox);
    expect((await storedMessages(suite.db, mailbox)).map((m) => m.labels)).toEqual([
      ['Customers/Acme'],
    ]);
  });

  it('reads the author of mail the company group relayed from X-Original-From', async () => {
    const { mailbox, gmail } = await filledMailbox(suite, google(), 0);
    const domain = mailbox.target.email.split('@')[1] ?? '';
    // As Google Groups heads a message from a domain with DMARC `p=reject` (From rewritten).
    gmail.add({
      at: new Date(),
      labelIds: ['INBOX'],
      headers: {
        From: `"'Carla Customer' via Support" <support@${domain}>`,
        'X-Original-From': 'Carla Customer <carla@customer.example>',
        'Reply-To': 'Carla Customer <carla@customer.example>',
        Precedence: 'list',
        'List-Id': `<support.${domain}>`,
        Subject: 'My order never came',
      },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'from_address, from_name, list_id';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'subject')).toEqual([
      {
        from_address: 'carla@customer.example',
        from_name: 'Carla Customer',
        list_id: `<support.${domain}>`,
      },
    ]);
  });

  it("keeps a null Return-Path (a bounce of any type) and an auto-responder's mark", async () => {
    const { mailbox, gmail } = await filledMailbox(suite, google(), 0);
    // As qmail words a bounce: plain text, no Auto-Submitted, sent with a null reverse-path.
    const headers: Record<string, string>[] = [
      { Subject: 'failure notice', 'Return-Path': '<>', 'Content-Type': 'text/plain' },
      { Subject: 'Away until Monday', 'Return-Path': '<c@client.example>', 'X-Autorespond': 'On' },
      { Subject: 'Where is my order?', 'Return-Path': '<c@client.example>', 'X-Autoreply': 'no' },
    ];
    for (const h of headers) gmail.add({ at: new Date(), labelIds: ['INBOX'], headers: h });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'subject, null_sender, auto_reply';
    const rows = await storedColumns(suite.db, mailbox.store, columns, 'subject');
    // By subject whatever the database's collation.
    expect(rows.sort((a, b) => String(a.subject).localeCompare(String(b.subject)))).toEqual([
      { subject: 'Away until Monday', null_sender: null, auto_reply: true },
      { subject: 'failure notice', null_sender: true, auto_reply: null },
      { subject: 'Where is my order?', null_sender: null, auto_reply: null },
    ]);
  });

  it('takes the author of a web form from Reply-To', async () => {
    const { mailbox, gmail } = await filledMailbox(suite, google(), 0);
    const domain = mailbox.target.email.split('@')[1] ?? '';
    gmail.add({
      at: new Date(),
      labelIds: ['INBOX'],
      headers: {
        From: `Website <noreply@${domain}>`,
        'Reply-To': 'Carla Customer <carla@customer.example>',
        Subject: 'New contact form submission',
      },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'direction, from_address, from_name';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'subject')).toEqual([
      { direction: 'inbound', from_address: 'carla@customer.example', from_name: 'Carla Customer' },
    ]);
  });

  it("takes a form sent through the mailbox's own account to itself, labelled SENT too, as received", async () => {
    const { mailbox, gmail } = await filledMailbox(suite, google(), 0);
    const own = mailbox.target.email;
    // Gmail labels a message an account sends to itself SENT and INBOX: one message, both labels.
    gmail.add({
      at: new Date(),
      labelIds: ['SENT', 'INBOX'],
      headers: { From: `Website <${own}>`, To: own, 'Reply-To': 'dan@shop.example', Subject: 'A' },
    });
    // The same from an alias of the account ("Send mail as").
    gmail.add({
      at: new Date(),
      labelIds: ['SENT', 'INBOX'],
      headers: {
        From: `noreply@${own.split('@')[1]}`,
        To: own,
        'Reply-To': 'eve@client.example',
        Subject: 'A2',
      },
    });
    // Its own message to a customer, answers to a partner: sent.
    gmail.add({
      at: new Date(),
      labelIds: ['SENT'],
      headers: {
        From: own,
        To: 'gus@client.example',
        'Reply-To': 'sales@partner.example',
        Subject: 'B',
      },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'direction, from_address';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'subject')).toEqual([
      { direction: 'inbound', from_address: 'dan@shop.example' },
      { direction: 'inbound', from_address: 'eve@client.example' },
      { direction: 'outbound', from_address: own },
    ]);
  });
});
