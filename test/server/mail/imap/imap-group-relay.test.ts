import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { rebuiltDaySummary } from '../../support/stats';
import { setUpTestApp } from '../../support/suite';

// Customer mail that reaches a team through the company's own Google Group (support@), read from
// the real Dovecot with the headers Google Groups adds to every message it relays: Precedence
// list, List-ID `<support.company>`, List-Unsubscribe, and, where the sender's domain asks for
// DMARC `reject` or `quarantine`, From rewritten to `'Name' via Support <support@company>` with
// the author in X-Original-From and Reply-To.

const suite = setUpTestApp('imaprelay');
const dovecot = dovecotForFile();

const CUSTOMER = 'Carla Customer <carla@customer.example>';

/** What Google Groups adds to a message relayed by the group `local@domain`. */
function groupHeaders(local: string, domain: string): string[] {
  return [
    'Precedence: list',
    `Mailing-list: list ${local}@${domain}; contact ${local}+owners@${domain}`,
    `List-ID: <${local}.${domain}>`,
    'X-Google-Group-Id: 358814495539',
    `List-Post: <https://groups.google.com/a/${domain}/group/${local}/post>, <mailto:${local}@${domain}>`,
    `List-Unsubscribe: <mailto:googlegroups-manage+358814495539+unsubscribe@googlegroups.com>,`,
    ` <https://groups.google.com/a/${domain}/group/${local}/subscribe>`,
  ];
}

describe('IMAP: customer mail relayed by the company group', () => {
  it("stores the author, not the group, and counts the message as received, and a colleague's relayed answer as a reply", async () => {
    const box = await imapMailbox(suite, dovecot);
    const { domain } = box.ws;
    const support = `support@${domain}`;
    const relayed = message({
      from: `"'Carla Customer' via Support" <${support}>`,
      to: support,
      subject: 'My order never came',
      date: '2026-02-10T09:00:00Z',
      headers: [
        'X-Original-From: =?UTF-8?Q?Carla_Customer?= <carla@customer.example>',
        `Reply-To: ${CUSTOMER}`,
        ...groupHeaders('support', domain),
      ],
    });
    // A domain without a strict DMARC policy: From is left as it was.
    const kept = message({
      from: 'Dan <dan@shop.example>',
      to: support,
      subject: 'Invoice copy, please',
      date: '2026-02-10T10:00:00Z',
      headers: ['X-Original-Sender: dan@shop.example', ...groupHeaders('support', domain)],
    });
    // X-Original-From is only read from mail that came through a list.
    const direct = message({
      from: 'Eve <eve@shop.example>',
      to: box.email,
      subject: 'Direct',
      date: '2026-02-10T11:00:00Z',
      headers: ['X-Original-From: ceo@bank.example'],
    });
    const reply = message({
      from: box.email,
      to: CUSTOMER,
      subject: 'Re: My order never came',
      date: '2026-02-10T12:00:00Z',
      inReplyTo: relayed.id,
      references: relayed.id,
    });
    // Bob answers Dan from his own mailbox by reply-all; the group relays his answer here.
    const answer = message({
      from: `"'Bob' via Support" <${support}>`,
      to: 'Dan <dan@shop.example>',
      cc: support,
      subject: 'Re: Invoice copy, please',
      date: '2026-02-10T13:00:00Z',
      inReplyTo: kept.id,
      references: kept.id,
      headers: [`X-Original-From: Bob <bob@${domain}>`, ...groupHeaders('support', domain)],
    });
    await dovecot.append(box.email, 'INBOX', [relayed, kept, direct, answer]);
    await dovecot.append(box.email, 'Sent', [reply]);
    await box.sync();
    expect(await box.columns('direction, from_address, from_name', 'sent_at')).toEqual([
      { direction: 'inbound', from_address: 'carla@customer.example', from_name: 'Carla Customer' },
      { direction: 'inbound', from_address: 'dan@shop.example', from_name: 'Dan' },
      { direction: 'inbound', from_address: 'eve@shop.example', from_name: 'Eve' },
      { direction: 'outbound', from_address: box.email, from_name: '' },
      { direction: 'inbound', from_address: `bob@${domain}`, from_name: 'Bob' },
    ]);
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    expect(summary).toMatchObject({
      received: 3,
      automated: 0,
      internal: 0,
      replied: 2,
      unreplied: 1,
      sent: 1,
    });
  });
});
