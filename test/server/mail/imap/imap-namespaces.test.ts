import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';

// A server with folders outside the mailbox's own (RFC 2342 namespaces): here Dovecot's public
// namespace `Public/`, which every user lists beside their own folders. Its mail is the
// company's, not this mailbox's, and is not read; other users' folders shared with the mailbox
// (Dovecot's `shared/<user>/`) are left out alike (test/unit/mail/imap-folders.test.ts).

const suite = setUpTestApp('imapnamespaces');
const dovecot = dovecotForFile({ publicNamespace: true });

const customer = 'Carla Customer <carla@customer.example>';

describe('IMAP: folders of other namespaces', () => {
  it('reads the personal folders and leaves out the public ones', async () => {
    const box = await imapMailbox(suite, dovecot);
    const own = message({
      from: customer,
      to: box.email,
      subject: 'In the inbox',
      date: '2026-02-10T09:00:00Z',
    });
    const filed = message({
      from: customer,
      to: box.email,
      subject: 'Filed',
      date: '2026-02-10T10:00:00Z',
    });
    const shared = message({
      from: customer,
      to: `orders@${box.ws.domain}`,
      subject: 'In a public folder',
      date: '2026-02-10T11:00:00Z',
    });
    await dovecot.append(box.email, 'INBOX', [own]);
    await dovecot.append(box.email, 'Customers/Acme', [filed]);
    await dovecot.append(box.email, 'Public/Orders', [shared]);
    const [outcome] = await box.sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    const stored = await box.stored();
    expect(stored.map((m) => [m.subject, m.folder])).toEqual([
      ['In the inbox', 'INBOX'],
      ['Filed', 'Customers/Acme'],
    ]);
  });

  it('sets aside what an earlier version read from a public folder', async () => {
    const box = await imapMailbox(suite, dovecot);
    const shared = message({
      from: customer,
      to: `orders@${box.ws.domain}`,
      subject: 'Invoice in a public folder',
      date: '2026-02-10T11:00:00Z',
    });
    await box.sync();
    await dovecot.append(box.email, 'Public/Invoices', [shared]);
    // As a version that read every namespace left it: the copy stored, the folder in the cursor.
    const where = [box.ws.workspaceId, box.mailboxId];
    await suite.db.query(
      `insert into messages (workspace_id, mailbox_id, provider_id, thread_key, direction,
         sent_at, folder, from_address, subject, message_id_header)
       values ($1, $2, 'Public/Invoices:1:1', $3, 'inbound', '2026-02-10T11:00:00Z',
         'Public/Invoices', 'carla@customer.example', 'Invoice in a public folder', $3)`,
      [...where, shared.id],
    );
    await suite.db.query(
      `update mailbox_sync set cursor = jsonb_set(cursor, '{folders,Public/Invoices}',
         '{"uidValidity": "1", "lastUid": 1, "historyDone": true}')
        where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    const [outcome] = await box.sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    expect(await box.stored()).toMatchObject([
      { subject: 'Invoice in a public folder', set_aside: 'trash' },
    ]);
  });
});
