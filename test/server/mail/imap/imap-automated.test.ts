import { describe, expect, it } from 'vitest';
import { rebuildWorkspaceStats } from '../../../../server/stats/rebuild';
import { client } from '../../support/app';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';

// What the statistics count as automated, as the sync stores it from the real Dovecot: a report's
// media type (bounces, read receipts), List-Unsubscribe, and an answer to a meeting invitation,
// found in the message's body structure (never a body): a calendar reply (`text/calendar;
// method=REPLY`, RFC 6047 2.4), as Outlook and Google Calendar send them, and likewise a meeting's
// cancellation (`method=CANCEL`).

const suite = setUpTestApp('imapauto');
const dovecot = dovecotForFile();

const CUSTOMER = 'Carla Customer <carla@customer.example>';
let seq = 0;

/** A MIME part: its Content-Type line(s) and content; a multipart part's content is its parts. */
type Part = { type: string; body: string } | { type: string; parts: Part[] };

function render(part: Part): string {
  if ('body' in part) return `Content-Type: ${part.type}\r\n\r\n${part.body}\r\n`;
  seq += 1;
  const boundary = `b${seq}`;
  const inner = part.parts.map((child) => `--${boundary}\r\n${render(child)}`).join('');
  return `Content-Type: ${part.type}; boundary="${boundary}"\r\n\r\n${inner}--${boundary}--\r\n`;
}

function mail(to: string, subject: string, day: number, body: Part) {
  const date = new Date(`2026-02-${10 + day}T09:00:00Z`);
  const headers = [
    `From: ${CUSTOMER}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <meet${day}.${Date.now()}@customer.example>`,
    'MIME-Version: 1.0',
  ].join('\r\n');
  return { raw: `${headers}\r\n${render(body)}`, date };
}

const text = (body: string): Part => ({ type: 'text/plain; charset="utf-8"', body });
const html: Part = { type: 'text/html; charset="utf-8"', body: '<p>Accepted</p>' };
const calendar = (method: string): Part => ({
  type: `text/calendar; charset="utf-8"; method=${method}`,
  body: `BEGIN:VCALENDAR\r\nMETHOD:${method}\r\nEND:VCALENDAR`,
});

describe('IMAP: what makes mail automated', () => {
  it('keeps the media type that makes a bounce or a read receipt a report, and List-Unsubscribe', async () => {
    const box = await imapMailbox(suite, dovecot);
    // As Postfix writes a bounce: no Auto-Submitted, a Content-Type folded over two lines.
    const bounce = message({
      from: 'MAILER-DAEMON@mx.customer.example (Mail Delivery System)',
      to: box.email,
      subject: 'Undelivered Mail Returned to Sender',
      date: '2026-02-10T09:00:00Z',
      headers: [
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status;',
        '\tboundary="4F1A2C0B3D.1770714000/mx.customer.example"',
      ],
    });
    const receipt = message({
      from: 'Ana Ruiz <ana@acme.example>',
      to: box.email,
      subject: 'Read: Your order',
      date: '2026-02-11T09:00:00Z',
      headers: [
        'Content-Type: Multipart/Report; report-type="disposition-notification";',
        ' boundary="_002_read_"',
      ],
    });
    const plain = message({
      from: 'Ana Ruiz <ana@acme.example>',
      to: box.email,
      subject: 'Where is my order?',
      date: '2026-02-12T09:00:00Z',
      headers: ['Content-Type: text/plain; charset="utf-8"'],
    });
    const bare = message({ from: 'a@acme.example', to: box.email, date: '2026-02-13T09:00:00Z' });
    // A newsletter of a bulk sender, with no List-Id or Precedence.
    const newsletter = message({
      from: 'Acme News <news@mail.acme.example>',
      to: box.email,
      subject: 'Our November offers',
      date: '2026-02-14T09:00:00Z',
      headers: [
        'List-Unsubscribe: <https://mail.acme.example/u/8f3a>,',
        ' <mailto:u@acme.example>',
      ],
    });
    await dovecot.append(box.email, 'INBOX', [bounce, receipt, plain, bare, newsletter]);
    await box.sync();
    const rows = await box.columns('content_type, list_unsubscribe', 'sent_at');
    expect(rows).toEqual([
      { content_type: 'multipart/report', list_unsubscribe: null },
      { content_type: 'multipart/report', list_unsubscribe: null },
      { content_type: 'text/plain', list_unsubscribe: null },
      { content_type: null, list_unsubscribe: null },
      { content_type: null, list_unsubscribe: true },
    ]);
  });

  it('marks a calendar reply, inline or attached, and nothing else', async () => {
    const box = await imapMailbox(suite, dovecot);
    const outlook = mail(box.email, 'Accepted: Demo', 0, {
      type: 'multipart/alternative',
      parts: [text('Accepted'), html, calendar('REPLY')],
    });
    const google = mail(box.email, 'Declined: Demo', 1, {
      type: 'multipart/mixed',
      parts: [
        { type: 'multipart/alternative', parts: [text('Declined'), calendar('reply')] },
        { type: 'application/ics; name="invite.ics"', body: 'BEGIN:VCALENDAR' },
      ],
    });
    const invitation = mail(box.email, 'Call on Friday?', 2, {
      type: 'multipart/alternative',
      parts: [text('Shall we talk?'), calendar('REQUEST')],
    });
    // A colleague's answer forwarded inside a message is the message's content, not its kind.
    const accepted: Part = { type: 'multipart/alternative', parts: [calendar('REPLY')] };
    const forwarded = mail(box.email, 'Fwd: Accepted: Demo', 3, {
      type: 'multipart/mixed',
      parts: [
        text('See below: they accepted.'),
        { type: 'message/rfc822', body: `Subject: Accepted: Demo\r\n${render(accepted)}` },
      ],
    });
    const plain = mail(box.email, 'Where is my order?', 4, text('Hello'));
    await dovecot.append(box.email, 'INBOX', [outlook, google, invitation, forwarded, plain]);
    await box.sync();
    const rows = await box.columns('subject, meeting_response', 'sent_at');
    expect(rows).toEqual([
      { subject: 'Accepted: Demo', meeting_response: true },
      { subject: 'Declined: Demo', meeting_response: true },
      { subject: 'Call on Friday?', meeting_response: false },
      { subject: 'Fwd: Accepted: Demo', meeting_response: false },
      { subject: 'Where is my order?', meeting_response: false },
    ]);
  });

  it('marks a meeting cancellation, inline or attached; it and mail from noreply@ are automated', async () => {
    const box = await imapMailbox(suite, dovecot);
    const outlook = mail(box.email, 'Canceled: Demo', 0, {
      type: 'multipart/alternative',
      parts: [text('The meeting is cancelled'), html, calendar('CANCEL')],
    });
    const google = mail(box.email, 'Cancelled event: Demo', 1, {
      type: 'multipart/mixed',
      parts: [
        { type: 'multipart/alternative', parts: [text('Cancelled'), calendar('cancel')] },
        { type: 'application/ics; name="invite.ics"', body: 'BEGIN:VCALENDAR' },
      ],
    });
    const invitation = mail(box.email, 'Call on Friday?', 2, {
      type: 'multipart/alternative',
      parts: [text('Shall we talk?'), calendar('REQUEST')],
    });
    const accepted = mail(box.email, 'Accepted: Demo', 3, {
      type: 'multipart/alternative',
      parts: [text('Accepted'), calendar('REPLY')],
    });
    const shipped = message({
      from: 'Shop <No-Reply@shop.example>',
      to: box.email,
      subject: 'Your order has shipped',
      date: '2026-02-14T09:00:00Z',
    });
    await dovecot.append(box.email, 'INBOX', [outlook, google, invitation, accepted, shipped]);
    await box.sync();
    const rows = await box.columns('subject, meeting_response, meeting_cancellation', 'sent_at');
    expect(rows).toEqual([
      { subject: 'Canceled: Demo', meeting_response: false, meeting_cancellation: true },
      { subject: 'Cancelled event: Demo', meeting_response: false, meeting_cancellation: true },
      { subject: 'Call on Friday?', meeting_response: false, meeting_cancellation: false },
      { subject: 'Accepted: Demo', meeting_response: true, meeting_cancellation: false },
      { subject: 'Your order has shipped', meeting_response: false, meeting_cancellation: false },
    ]);
    // Only the invitation asks for an answer; the two cancellations, the acceptance and the
    // shop's notice are automated.
    await rebuildWorkspaceStats(suite.db, box.ws.workspaceId);
    const summary = await client(suite.app, box.ws.admin.token).get(
      '/portal/api/stats/summary?from=2026-02-10&to=2026-02-14',
    );
    expect(summary.json()).toMatchObject({ received: 1, automated: 4, unreplied: 1 });
  });
});
