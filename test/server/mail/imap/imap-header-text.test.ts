import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '../../../support/dovecot';
import { imapMailbox, message } from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';

// Header text as real mailers write it, read back from Dovecot: UTF-8 without encoded words
// (RFC 6532), 8-bit Western text from older mailers, encoded words split inside a character,
// and parentheses inside a quoted name. The subject is what Subject exclusions test and the
// unreplied list shows; the name is what alert emails show.

const suite = setUpTestApp('imaptext');
let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.close();
});

const at = (day: number) => `2026-02-${String(day).padStart(2, '0')}T09:00:00Z`;

describe('IMAP header text', () => {
  it('stores subjects and names as people wrote them, whatever the encoding', async () => {
    const box = await imapMailbox(suite, dovecot);
    const unencoded = message({
      from: 'José García <jose@customer.example>',
      to: box.email,
      subject: 'Réclamation – commande 42',
      date: at(10),
    });
    // "Mañana": ñ is C3 B1, and the first word ends after C3.
    const split = message({
      from: '"Ana Ruiz (Acme)" <ana@acme.example>',
      to: box.email,
      subject: '=?UTF-8?B?TWHD?= =?UTF-8?B?sWFuYQ==?=',
      date: at(11),
    });
    // An older mailer's 8-bit Latin-1 bytes: "Ça va ?" from "Zoë".
    const latin = message({
      from: 'Zoe <zoe@customer.example>',
      to: box.email,
      subject: 'Ca va ?',
      date: at(12),
    });
    const latinRaw = Buffer.from(
      latin.raw.replace('Subject: Ca va ?', 'Subject: Ça va ?').replace('Zoe', 'Zoë'),
      'latin1',
    );
    await dovecot.append(box.email, 'INBOX', [unencoded, split, { ...latin, raw: latinRaw }]);
    await box.sync();
    const rows = await suite.db.query<Record<string, string>>(
      `select from_address, from_name, subject from messages
        where workspace_id = $1 and mailbox_id = $2 order by sent_at`,
      [box.ws.workspaceId, box.mailboxId],
    );
    expect(rows).toEqual([
      {
        from_address: 'jose@customer.example',
        from_name: 'José García',
        subject: 'Réclamation – commande 42',
      },
      { from_address: 'ana@acme.example', from_name: 'Ana Ruiz (Acme)', subject: 'Mañana' },
      { from_address: 'zoe@customer.example', from_name: 'Zoë', subject: 'Ça va ?' },
    ]);
  });
});
