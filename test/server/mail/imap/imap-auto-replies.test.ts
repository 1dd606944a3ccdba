import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { rebuiltDaySummary } from '../../support/stats';
import { setUpTestApp } from '../../support/suite';

// Mail that no person wrote, from systems that add no Auto-Submitted (RFC 3834), read from the
// real Dovecot: an auto-responder's answer to our reply, marked X-Autoreply or Precedence
// auto_reply, and a bounce in plain text (as qmail words one), sent with the null reverse-path
// every notification has (RFC 5321 4.5.5), which the receiving server writes as Return-Path.

const suite = setUpTestApp('imapautoreply');
const dovecot = dovecotForFile();

const CARLA = 'Carla Customer <carla@customer.example>';
const DAN = 'Dan <dan@shop.example>';

describe('IMAP: auto-replies and bounces without Auto-Submitted', () => {
  it('keeps their marks, and counts neither as a new request', async () => {
    const box = await imapMailbox(suite, dovecot);
    const at = (time: string) => `2026-02-10T${time}:00Z`;
    const asked = message({
      from: CARLA,
      to: box.email,
      subject: 'My order never came',
      date: at('09:00'),
      headers: ['Return-Path: <carla@customer.example>'],
    });
    const reply = message({
      from: box.email,
      to: `${CARLA}, ${DAN}`,
      subject: 'Re: My order never came',
      date: at('10:00'),
      inReplyTo: asked.id,
      references: asked.id,
    });
    const thread = { inReplyTo: reply.id, references: `${asked.id} ${reply.id}` };
    const away = message({
      from: CARLA,
      to: box.email,
      subject: 'Re: My order never came',
      date: at('10:01'),
      ...thread,
      headers: ['Return-Path: <carla@customer.example>', 'X-Autoreply: yes'],
    });
    const holiday = message({
      from: DAN,
      to: box.email,
      subject: 'I am on holiday',
      date: at('10:02'),
      ...thread,
      headers: ['Return-Path: <dan@shop.example>', 'Precedence: auto_reply'],
    });
    const bounce = message({
      from: 'MAILER-DAEMON@mx.shop.example',
      to: box.email,
      subject: 'failure notice',
      date: at('10:03'),
      headers: ['Return-path: <>', 'MIME-Version: 1.0', 'Content-Type: text/plain'],
    });
    await dovecot.append(box.email, 'INBOX', [asked, away, holiday, bounce]);
    await dovecot.append(box.email, 'Sent', [reply]);
    await box.sync();
    const columns = 'direction, precedence, null_sender, auto_reply';
    expect(await box.columns(columns, 'sent_at')).toEqual([
      { direction: 'inbound', precedence: null, null_sender: null, auto_reply: null },
      { direction: 'outbound', precedence: null, null_sender: null, auto_reply: null },
      { direction: 'inbound', precedence: null, null_sender: null, auto_reply: true },
      { direction: 'inbound', precedence: 'auto_reply', null_sender: null, auto_reply: null },
      { direction: 'inbound', precedence: null, null_sender: true, auto_reply: null },
    ]);
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    // Before, the three counted as received and unreplied, and two threads as awaiting.
    expect(summary).toMatchObject({
      received: 1,
      automated: 3,
      replied: 1,
      unreplied: 0,
      awaiting: 0,
    });
  });

  it("keeps the marks of the mailbox's own acknowledgment, which answers nothing", async () => {
    const box = await imapMailbox(suite, dovecot, 'desk');
    const at = (time: string) => `2026-02-10T${time}:00Z`;
    const asked = message({ from: CARLA, to: box.email, subject: 'Refund', date: at('09:00') });
    const thread = { inReplyTo: asked.id, references: asked.id };
    // As a help desk (or a Sieve vacation with :fcc, RFC 8580) files its acknowledgment in Sent.
    const acknowledged = message({
      from: box.email,
      to: CARLA,
      subject: 'Re: Refund [#4711]',
      date: at('09:01'),
      ...thread,
      headers: ['Auto-Submitted: auto-replied'],
    });
    const answered = message({
      from: box.email,
      to: CARLA,
      subject: 'Re: Refund',
      date: at('11:00'),
      ...thread,
    });
    await dovecot.append(box.email, 'INBOX', [asked]);
    await dovecot.append(box.email, 'Sent', [acknowledged, answered]);
    await box.sync();
    expect(await box.columns('direction, auto_submitted', 'sent_at')).toEqual([
      { direction: 'inbound', auto_submitted: null },
      { direction: 'outbound', auto_submitted: 'auto-replied' },
      { direction: 'outbound', auto_submitted: null },
    ]);
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    // Before: 2 sent, and the first response a minute after the request.
    expect(summary).toMatchObject({ received: 1, replied: 1, sent: 1, automated: 0 });
    expect(summary.first_response_time.calendar.median).toBe(7200);
  });
});
