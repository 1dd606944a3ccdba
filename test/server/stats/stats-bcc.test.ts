import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailConnector } from '../../../server/mail/connector';
import { syncDueMailboxes } from '../../../server/mail/sync-worker';
import { startGoogleStandin, type GoogleStandin } from '../../support/google-standin';
import { startGraphStandin, type GraphStandin } from '../../support/graph-standin';
import { gmailConnector } from '../mail/google/gmail-fixtures';
import { graphConnector } from '../mail/microsoft/graph-fixtures';
import { virtualClock } from '../support/cloud-sync';
import { dovecotForFile } from '../support/dovecot-file';
import {
  addSyncedMailbox,
  imapMailbox,
  message,
  storedColumns,
  workerDeps,
} from '../support/mail-sync';
import { rebuiltDaySummary, statsScenario } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// Bcc is a recipient (definition 3 and the reply rule of definition 6 in docs/statistics.md):
// the same two threads synced through each connector (Dovecot for IMAP, the Gmail and the
// Graph stand-ins) by the sync worker, then the figures of a rebuild.
//
// Tuesday 2026-02-10, no company hours (every second counts, dates in UTC):
//   T1 09:00 carla@client.example asks the mailbox; 10:00 the team writes To a colleague with
//      Carla in Bcc: a reply after 1 h (3600 s business and calendar).
//   T2 11:00 the team writes To a colleague with orders@supplier.example in Bcc: not internal
//      (an address outside), so sent; it follows no customer's message, so it answers nothing.
// Before Bcc was read, both team messages were internal (every address in From, To and Cc at
// the company), neither sent, and Carla waited unreplied.

const suite = setUpTestApp('bcc');
const dovecot = dovecotForFile();
const clock = virtualClock();
let google: GoogleStandin;
let graph: GraphStandin;

beforeAll(async () => {
  [google, graph] = await Promise.all([
    startGoogleStandin({ now: clock.nowMs }),
    startGraphStandin(),
  ]);
});
afterAll(async () => {
  await Promise.all([google?.close(), graph?.close()]);
});

const DAY = '2026-02-10';
const at = (time: string) => new Date(`${DAY}T${time}:00Z`);
const CARLA = 'carla@client.example';
const SUPPLIER = 'orders@supplier.example';
const hour = { avg: 3600, median: 3600, p90: 3600 };

const FIGURES = {
  // T1's question.
  received: 1,
  // T1's answer and T2.
  sent: 2,
  // T1's question, answered by the message Carla had in Bcc.
  replied: 1,
  unreplied: 0,
  awaiting: 0,
  // No message: each team message has an address outside in Bcc.
  internal: 0,
  automated: 0,
  // T1: 09:00 → 10:00.
  response_time: { business: hour, calendar: hour },
  first_response_time: { business: hour, calendar: hour },
  // The default target, 2 h: T1's hour is within it.
  within_target: { target_seconds: 7200, share: 1 },
};

/** What each team message stores, in the order sent. */
const storedBcc = [
  { subject: 'Where is my order?', direction: 'inbound', bcc_addresses: [] },
  { subject: 'Re: Where is my order?', direction: 'outbound', bcc_addresses: [CARLA] },
  { subject: 'Stock for next week', direction: 'outbound', bcc_addresses: [SUPPLIER] },
];

/** A workspace whose mailbox `sales@` the sync worker reads through `connector`. */
async function cloudMailbox(connector: () => MailConnector) {
  const ws = await suite.workspace();
  const email = `sales@${ws.domain}`;
  const mailboxId = await addSyncedMailbox(suite.db, ws.workspaceId, email, '2026-02-01');
  const sync = () =>
    syncDueMailboxes(
      workerDeps(suite.db, { connectorFor: () => Promise.resolve(connector()) }),
      new AbortController().signal,
      { workspaceId: ws.workspaceId, emails: [email] },
    );
  const columns = () =>
    storedColumns(
      suite.db,
      { workspaceId: ws.workspaceId, mailboxId },
      'subject, direction, bcc_addresses',
      'sent_at',
    );
  return { ws, email, colleague: `dan@${ws.domain}`, sync, columns };
}

describe('a customer in Bcc', () => {
  it('over IMAP (the sent copy Dovecot keeps): is stored, and the message is an answer and sent', async () => {
    const box = await imapMailbox(suite, dovecot);
    const colleague = `Dan <dan@${box.ws.domain}>`;
    const question = message({
      from: `Carla <${CARLA}>`,
      to: box.email,
      subject: 'Where is my order?',
      date: at('09:00').toISOString(),
    });
    const answer = message({
      from: box.email,
      to: colleague,
      subject: 'Re: Where is my order?',
      inReplyTo: question.id,
      date: at('10:00').toISOString(),
      // As a mail client keeps it in the copy it files in Sent.
      headers: [`Bcc: Carla <${CARLA}>`],
    });
    const stock = message({
      from: box.email,
      to: colleague,
      subject: 'Stock for next week',
      date: at('11:00').toISOString(),
      headers: [`Bcc: ${SUPPLIER}`],
    });
    await dovecot.append(box.email, 'INBOX', [question]);
    await dovecot.append(box.email, 'Sent', [answer, stock]);
    await box.sync();
    expect(await box.columns('subject, direction, bcc_addresses', 'sent_at')).toEqual(storedBcc);
    expect(await rebuiltDaySummary(suite, box.ws, DAY)).toEqual(FIGURES);
  });

  it('on Gmail (the Bcc header of a message labelled SENT): is stored, and the message is an answer and sent', async () => {
    const box = await cloudMailbox(() => gmailConnector(google, clock));
    const gmail = google.addMailbox(box.email);
    gmail.add({
      at: at('09:00'),
      labelIds: ['INBOX'],
      threadId: 't1',
      headers: { From: `Carla <${CARLA}>`, To: box.email, Subject: 'Where is my order?' },
    });
    gmail.add({
      at: at('10:00'),
      labelIds: ['SENT'],
      threadId: 't1',
      headers: {
        From: box.email,
        To: box.colleague,
        Bcc: `Carla <${CARLA}>`,
        Subject: 'Re: Where is my order?',
      },
    });
    gmail.add({
      at: at('11:00'),
      labelIds: ['SENT'],
      threadId: 't2',
      headers: {
        From: box.email,
        To: box.colleague,
        Bcc: SUPPLIER,
        Subject: 'Stock for next week',
      },
    });
    await box.sync();
    expect(await box.columns()).toEqual(storedBcc);
    expect(await rebuiltDaySummary(suite, box.ws, DAY)).toEqual(FIGURES);
  });

  it("on Microsoft 365 (a sent item's bccRecipients): is stored, and the message is an answer and sent", async () => {
    const box = await cloudMailbox(() => graphConnector(graph));
    const mail = graph.addMailbox(box.email);
    const own = { name: 'Sales', address: box.email };
    const dan = { name: 'Dan', address: box.colleague };
    mail.add('inbox', {
      received: at('09:00'),
      from: { name: 'Carla', address: CARLA },
      to: [own],
      subject: 'Where is my order?',
      conversationId: 'c1',
    });
    mail.add('sentitems', {
      received: at('10:00'),
      from: own,
      to: [dan],
      bcc: [{ name: 'Carla', address: CARLA }],
      subject: 'Re: Where is my order?',
      conversationId: 'c1',
    });
    mail.add('sentitems', {
      received: at('11:00'),
      from: own,
      to: [dan],
      bcc: [{ address: SUPPLIER }],
      subject: 'Stock for next week',
      conversationId: 'c2',
    });
    await box.sync();
    expect(await box.columns()).toEqual(storedBcc);
    expect(await rebuiltDaySummary(suite, box.ws, DAY)).toEqual(FIGURES);
  });

  it('is a recipient for the forward rule, the reply rule and Internal alike', async () => {
    // Monday 2026-11-23, company hours 09:00–17:30 Madrid (UTC+1): every wait below is inside
    // them, so business time equals calendar time.
    const s = await statsScenario(suite);
    const colleague = `dan@${s.ws.domain}`;
    const customer = 'carla@client.example';
    const question = (thread: string) => ({ thread, at: '2026-11-23T09:00:00Z', from: customer });
    const team = { direction: 'outbound' as const, from: s.sales.email };
    await s.insert([
      // B1 10:00 → 10:30: forwarded to the supplier with Carla in Bcc, an answer after 1800 s.
      question('b1'),
      {
        ...team,
        thread: 'b1',
        at: '2026-11-23T09:30:00Z',
        subject: 'Fwd: Broken pump',
        to: [SUPPLIER],
        bcc: [customer],
      },
      // B2 10:00 → 11:00: to the shop's noreply@ with Carla in Bcc, an answer after 3600 s.
      question('b2'),
      {
        ...team,
        thread: 'b2',
        at: '2026-11-23T10:00:00Z',
        to: ['noreply@shop.example'],
        bcc: [customer],
      },
      // B3: forwarded to the supplier with a colleague in Bcc: sent, no answer; Carla waits.
      question('b3'),
      {
        ...team,
        thread: 'b3',
        at: '2026-11-23T09:30:00Z',
        subject: 'Fwd: Broken pump',
        to: [SUPPLIER],
        bcc: [colleague],
      },
      // B4: To a colleague with another in Bcc: every address internal.
      {
        ...team,
        thread: 'b4',
        at: '2026-11-23T09:00:00Z',
        to: [colleague],
        bcc: [`eve@${s.ws.domain}`],
      },
    ]);
    await s.rebuild();
    const times = { avg: 2700, median: 2700, p90: 3420 };
    expect(await s.get('summary', { from: '2026-11-23', to: '2026-11-23' })).toEqual({
      // B1, B2, B3's questions.
      received: 3,
      // B1's, B2's and B3's team messages (B4 is internal).
      sent: 3,
      // B1 and B2.
      replied: 2,
      unreplied: 1,
      // B3.
      awaiting: 1,
      // B4.
      internal: 1,
      automated: 0,
      // 1800 and 3600 s: avg 2700, median their middle, p90 at rank 0.9: 1800 + 0.9·1800.
      response_time: { business: times, calendar: times },
      first_response_time: { business: times, calendar: times },
      within_target: { target_seconds: 7200, share: 1 },
    });
  });
});
