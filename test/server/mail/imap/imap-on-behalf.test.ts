import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { rebuiltDaySummary } from '../../support/stats';
import { setUpTestApp } from '../../support/suite';

// Mail the company's own system sent for someone outside, read from the real Dovecot: a web
// form's message, from an address of the company's domain (or the mailbox's own) with the
// visitor in Reply-To, and a list of the company's domain that rewrote From and moved the author
// to Reply-To (Mailman's DMARC mitigation). Its author is the visitor, not the form.

const suite = setUpTestApp('imaponbehalf');
const dovecot = dovecotForFile();

describe('IMAP: mail sent for someone outside', () => {
  it('takes the author from Reply-To, and counts a web form as a request', async () => {
    const box = await imapMailbox(suite, dovecot);
    const { domain } = box.ws;
    const at = (time: string) => `2026-02-10T${time}:00Z`;
    const form = message({
      from: `Website <noreply@www.${domain}>`,
      to: box.email,
      subject: 'New contact form submission',
      date: at('09:00'),
      headers: ['Reply-To: =?UTF-8?Q?Carla_Customer?= <carla@customer.example>'],
    });
    // A form that writes From the mailbox's own address (not in its sent folder: received).
    const own = message({
      from: box.email,
      to: box.email,
      subject: 'Quote request',
      date: at('09:10'),
      headers: ['Reply-To: dan@shop.example'],
    });
    const munged = message({
      from: `Eve via Help <help@${domain}>`,
      to: `help@${domain}`,
      subject: 'Broken link',
      date: at('09:20'),
      headers: ['Reply-To: Eve <eve@client.example>', `List-Id: <help.${domain}>`],
    });
    // Not for someone outside: a colleague asking for answers to the team, a customer asking
    // for answers to a colleague of theirs.
    const colleague = message({
      from: `Ann <ann@${domain}>`,
      to: box.email,
      subject: 'Lunch',
      date: at('09:30'),
      headers: [`Reply-To: team@${domain}`],
    });
    const customer = message({
      from: 'Fay <fay@client.example>',
      to: box.email,
      subject: 'Invoice',
      date: at('09:40'),
      headers: ['Reply-To: accounts@client.example'],
    });
    const reply = message({
      from: box.email,
      to: 'carla@customer.example',
      subject: 'Re: New contact form submission',
      date: at('10:00'),
      inReplyTo: form.id,
      references: form.id,
    });
    await dovecot.append(box.email, 'INBOX', [form, own, munged, colleague, customer]);
    await dovecot.append(box.email, 'Sent', [reply]);
    await box.sync();
    expect(await box.columns('direction, from_address, from_name', 'sent_at')).toEqual([
      { direction: 'inbound', from_address: 'carla@customer.example', from_name: 'Carla Customer' },
      { direction: 'inbound', from_address: 'dan@shop.example', from_name: '' },
      { direction: 'inbound', from_address: 'eve@client.example', from_name: 'Eve' },
      { direction: 'inbound', from_address: `ann@${domain}`, from_name: 'Ann' },
      { direction: 'inbound', from_address: 'fay@client.example', from_name: 'Fay' },
      { direction: 'outbound', from_address: box.email, from_name: '' },
    ]);
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    // Before: 2 received (the first form under the form's address, and Fay's) and 3 internal
    // (the second form as the mailbox's own message, the list's as the list's).
    expect(summary).toMatchObject({
      received: 4,
      replied: 1,
      unreplied: 3,
      internal: 1,
      sent: 1,
    });
  });

  it("counts a form sent through the mailbox's own account, its copy in Sent too, as a request", async () => {
    const box = await imapMailbox(suite, dovecot);
    const at = (time: string) => `2026-02-10T${time}:00Z`;
    // The site's SMTP settings hold the mailbox's password: from it, to it, the visitor in
    // Reply-To, and the sent copy saved as well as the one received.
    const form = message({
      from: `Website <${box.email}>`,
      to: box.email,
      subject: 'Quote request',
      date: at('09:10'),
      headers: ['Reply-To: Dan <dan@shop.example>'],
    });
    // Not a form: a note to itself, and an offer whose answers go to a partner.
    const note = message({ from: box.email, to: box.email, subject: 'Note', date: at('09:20') });
    const offer = message({
      from: box.email,
      to: 'gus@client.example',
      subject: 'Offer',
      date: at('09:30'),
      headers: ['Reply-To: sales@partner.example'],
    });
    const reply = message({
      from: box.email,
      to: 'dan@shop.example',
      subject: 'Re: Quote request',
      date: at('10:00'),
      inReplyTo: form.id,
      references: form.id,
    });
    await dovecot.append(box.email, 'INBOX', [form, note]);
    await dovecot.append(box.email, 'Sent', [form, note, offer, reply]);
    await box.sync();
    const expected = [
      { direction: 'inbound', from_address: 'dan@shop.example', subject: 'Quote request' },
      { direction: 'outbound', from_address: box.email, subject: 'Note' },
      { direction: 'outbound', from_address: box.email, subject: 'Offer' },
      { direction: 'outbound', from_address: box.email, subject: 'Re: Quote request' },
    ];
    expect(await box.columns('direction, from_address, subject', 'sent_at')).toEqual(expected);
    // Before: the form was the mailbox's own message to itself, and Dan's answer answered nothing.
    const summary = { received: 1, replied: 1, unreplied: 0, sent: 2, internal: 1 };
    expect(await rebuiltDaySummary(suite, box.ws, '2026-02-10')).toMatchObject(summary);

    // As an earlier version stored it, the mailbox's own: its next sync reads it again.
    const where = [box.ws.workspaceId, box.mailboxId];
    await suite.db.query(
      `update messages set direction = 'outbound', from_address = $3
        where workspace_id = $1 and mailbox_id = $2 and subject = 'Quote request'`,
      [...where, box.email],
    );
    await suite.db.query(
      `update mailbox_sync set read_version = 1 where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    await box.sync();
    expect(await box.columns('direction, from_address, subject', 'sent_at')).toEqual(expected);
  });
});
