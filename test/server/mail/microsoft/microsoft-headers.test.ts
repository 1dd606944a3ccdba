import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWorkspaceStats } from '../../../../server/stats/rebuild';
import { startGraphStandin, type GraphStandin } from '../../../support/graph-standin';
import { syncAndStore } from '../../support/cloud-sync';
import { storedColumns } from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';
import { fill, graphConnector, graphMailbox } from './graph-fixtures';

// What the Microsoft connector keeps of a message from Graph: the internet headers it asks for
// (which Graph gives for received items only) and the item's type, against the stand-in.

const suite = setUpTestApp('graphhead');
let graph: GraphStandin;

beforeAll(async () => {
  graph = await startGraphStandin();
});
afterAll(() => graph.close());

const connector = () => graphConnector(graph);

describe('Microsoft connector: what a message keeps', () => {
  it('keeps the internet headers it asked for, which sent items do not have', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    fill(box, 'inbox', 10);
    fill(box, 'sentitems', 10);
    // As Exchange Online heads its non-delivery reports.
    box.add('inbox', {
      received: new Date(),
      from: { name: 'Microsoft Outlook', address: 'postmaster@client.example' },
      to: [{ name: '', address: box.email }],
      subject: 'Undeliverable: Your quote',
      headers: {
        'Content-Type': 'multipart/report; report-type=delivery-status;\r\n\tboundary="d1e2f3_"',
      },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const rows = await suite.db.query<Record<string, unknown>>(
      `select subject, list_id, in_reply_to, categories, content_type from messages
        where workspace_id = $1 and mailbox_id = $2
          and subject in ('inbox 5', 'sentitems 5', 'Undeliverable: Your quote')
        order by lower(subject)`,
      [mailbox.store.workspaceId, mailbox.store.mailboxId],
    );
    expect(rows).toEqual([
      {
        subject: 'inbox 5',
        list_id: '<news.client.example>',
        in_reply_to: '<q5@client.example>',
        categories: [],
        content_type: null,
      },
      {
        subject: 'sentitems 5',
        list_id: null,
        in_reply_to: null,
        categories: [],
        content_type: null,
      },
      {
        subject: 'Undeliverable: Your quote',
        list_id: null,
        in_reply_to: null,
        categories: [],
        content_type: 'multipart/report',
      },
    ]);
  });

  it('marks an answer to a meeting invitation (typed eventMessageResponse) and a newsletter', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const customer = { name: 'Carla', address: 'carla@client.example' };
    const to = [{ name: '', address: box.email }];
    const received = new Date();
    box.add('inbox', { received, from: customer, to, subject: 'Accepted: Demo' });
    box.add('inbox', {
      received,
      from: customer,
      to,
      subject: 'Accepted: Demo',
      type: 'eventMessageResponse',
    });
    box.add('inbox', {
      received,
      from: customer,
      to,
      subject: 'Call?',
      type: 'eventMessageRequest',
    });
    box.add('inbox', {
      received,
      from: { name: 'Acme News', address: 'news@mail.acme.example' },
      to,
      subject: 'Our November offers',
      headers: { 'List-Unsubscribe': '<https://mail.acme.example/u/8f3a>' },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'meeting_response, list_unsubscribe';
    const rows = await storedColumns(suite.db, mailbox.store, columns, 'message_id');
    expect(rows).toEqual([
      { meeting_response: null, list_unsubscribe: null },
      { meeting_response: true, list_unsubscribe: null },
      { meeting_response: null, list_unsubscribe: null },
      { meeting_response: null, list_unsubscribe: true },
    ]);
  });

  it('marks a meeting cancellation (an eventMessage, meetingCancelled), and counts it and mail from noreply@ as automated', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const customer = { name: 'Carla', address: 'carla@client.example' };
    const to = [{ name: '', address: box.email }];
    const received = new Date(Date.now() - 3_600_000);
    const at = (minutes: number) => new Date(received.getTime() + minutes * 60_000);
    box.add('inbox', {
      received,
      from: customer,
      to,
      subject: 'Canceled: Demo',
      type: 'eventMessage',
      meetingMessageType: 'meetingCancelled',
    });
    box.add('inbox', {
      received: at(1),
      from: customer,
      to,
      subject: 'Call?',
      type: 'eventMessageRequest',
      meetingMessageType: 'meetingRequest',
    });
    box.add('inbox', {
      received: at(2),
      from: customer,
      to,
      subject: 'Accepted: Demo',
      type: 'eventMessageResponse',
      meetingMessageType: 'meetingAccepted',
    });
    box.add('inbox', {
      received: at(3),
      from: { name: 'Shop', address: 'NoReply@shop.example' },
      to,
      subject: 'Your order has shipped',
    });
    box.add('inbox', { received: at(4), from: customer, to, subject: 'Where is my order?' });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'subject, meeting_response, meeting_cancellation';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'sent_at')).toEqual([
      { subject: 'Canceled: Demo', meeting_response: null, meeting_cancellation: true },
      { subject: 'Call?', meeting_response: null, meeting_cancellation: null },
      { subject: 'Accepted: Demo', meeting_response: true, meeting_cancellation: null },
      { subject: 'Your order has shipped', meeting_response: null, meeting_cancellation: null },
      { subject: 'Where is my order?', meeting_response: null, meeting_cancellation: null },
    ]);
    await rebuildWorkspaceStats(suite.db, mailbox.store.workspaceId);
    const facts = await suite.db.query<{ subject: string; is_automated: boolean }>(
      `select m.subject, f.is_automated from stats_message_facts f
         join stats_state s on s.workspace_id = f.workspace_id and s.current_generation = f.generation
         join messages m on m.workspace_id = f.workspace_id and m.message_id = f.message_id
        where f.workspace_id = $1 and f.mailbox_id = $2 order by m.sent_at`,
      [mailbox.store.workspaceId, mailbox.store.mailboxId],
    );
    expect(facts).toEqual([
      { subject: 'Canceled: Demo', is_automated: true },
      { subject: 'Call?', is_automated: false },
      { subject: 'Accepted: Demo', is_automated: true },
      { subject: 'Your order has shipped', is_automated: true },
      { subject: 'Where is my order?', is_automated: false },
    ]);
  });

  it('reads the author of mail a Google Group relayed from X-Original-From', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const domain = box.email.split('@')[1] ?? '';
    // Graph's `from` is the From header, which the group rewrote (DMARC `p=reject`).
    box.add('inbox', {
      received: new Date(),
      from: { name: "'Carla' via Support", address: `support@${domain}` },
      to: [{ name: '', address: `support@${domain}` }],
      subject: 'My order never came',
      headers: {
        'X-Original-From': 'Carla <carla@client.example>',
        'List-ID': `<support.${domain}>`,
        Precedence: 'list',
      },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'from_address, from_name';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'message_id')).toEqual([
      { from_address: 'carla@client.example', from_name: 'Carla' },
    ]);
  });

  it("keeps a null Return-Path (a bounce of any type) and an auto-responder's mark", async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    const to = [{ name: '', address: box.email }];
    const received = new Date();
    // As qmail words a bounce: plain text, no Auto-Submitted, sent with a null reverse-path.
    box.add('inbox', {
      received,
      from: { name: '', address: 'MAILER-DAEMON@mx.client.example' },
      to,
      subject: 'failure notice',
      headers: { 'Return-Path': '<>', 'Content-Type': 'text/plain' },
    });
    const carla = { name: 'Carla', address: 'carla@client.example' };
    const path = { 'Return-Path': '<carla@client.example>' };
    box.add('inbox', {
      received,
      from: carla,
      to,
      subject: 'Away until Monday',
      headers: { ...path, 'X-Autoreply': 'yes' },
    });
    box.add('inbox', { received, from: carla, to, subject: 'Where is my order?', headers: path });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'null_sender, auto_reply';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'message_id')).toEqual([
      { null_sender: true, auto_reply: null },
      { null_sender: null, auto_reply: true },
      { null_sender: null, auto_reply: null },
    ]);
  });

  it('takes the author of a web form from Reply-To', async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    // A web form that writes From the mailbox's own address, received in the Inbox.
    box.add('inbox', {
      received: new Date(),
      from: { name: 'Website', address: box.email },
      to: [{ name: '', address: box.email }],
      subject: 'Quote request',
      headers: { 'Reply-To': 'Dan <dan@shop.example>' },
    });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'direction, from_address, from_name';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'message_id')).toEqual([
      { direction: 'inbound', from_address: 'dan@shop.example', from_name: 'Dan' },
    ]);
  });

  it("takes a form sent through the mailbox's own account to itself, in Sent Items too, as received", async () => {
    const { mailbox, box } = await graphMailbox(suite, graph);
    // SMTP AUTH with the mailbox's password: Exchange saves the message in Sent Items, where
    // Graph gives no internet headers but the replyTo property, and delivers it to the Inbox.
    const form = {
      received: new Date(),
      from: { name: 'Website', address: box.email },
      to: [{ name: '', address: box.email }],
      subject: 'Quote request',
      internetMessageId: '<form-1@www.standin.example>',
    };
    box.add('sentitems', { ...form, replyTo: [{ name: 'Dan', address: 'dan@shop.example' }] });
    box.add('inbox', { ...form, headers: { 'Reply-To': 'Dan <dan@shop.example>' } });
    await syncAndStore(suite.db, connector(), mailbox);
    const columns = 'direction, from_address, from_name';
    expect(await storedColumns(suite.db, mailbox.store, columns, 'message_id')).toEqual([
      { direction: 'inbound', from_address: 'dan@shop.example', from_name: 'Dan' },
    ]);
  });
});
