import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';

// Every folder of a mailbox against Dovecot, as people file their mail: archived, filed by a
// rule into `Customers/Acme`, spam, trash and drafts (RFC 6154 special-use folders). A message
// is stored once whatever folders hold it; moved to spam or trash it is set aside at the next
// sync, and moved back it counts again.

const suite = setUpTestApp('imapfolders');
const dovecot = dovecotForFile();

const customer = 'Carla Customer <carla@customer.example>';

/** A mailbox whose mail sits in every kind of folder before its first sync. */
async function filedMailbox() {
  const box = await imapMailbox(suite, dovecot);
  const at = (day: number) => `2026-02-${String(day).padStart(2, '0')}T09:00:00Z`;
  const inbox = message({ from: customer, to: box.email, subject: 'In the inbox', date: at(10) });
  const archived = message({ from: customer, to: box.email, subject: 'Archived', date: at(11) });
  const reply = message({
    from: box.email,
    to: customer,
    subject: 'Re: Archived',
    inReplyTo: archived.id,
    references: archived.id,
    date: at(12),
  });
  const filed = message({
    from: customer,
    to: box.email,
    subject: 'Filed by a rule',
    date: at(13),
  });
  const twice = message({ from: customer, to: box.email, subject: 'Kept twice', date: at(13) });
  const spam = message({
    from: 'win@lottery.example',
    to: box.email,
    subject: 'Spam',
    date: at(14),
  });
  const trash = message({ from: customer, to: box.email, subject: 'Deleted', date: at(15) });
  const draft = message({ from: box.email, to: customer, subject: 'Draft', date: at(16) });
  await dovecot.append(box.email, 'INBOX', [inbox]);
  await dovecot.append(box.email, 'Archive', [archived]);
  await dovecot.append(box.email, 'Sent', [reply]);
  await dovecot.append(box.email, 'Customers/Acme', [filed]);
  // A rule that filed a copy and kept the original: one message in two folders.
  await dovecot.append(box.email, 'Customers/Acme', [twice]);
  await dovecot.append(box.email, 'INBOX', [twice]);
  await dovecot.append(box.email, 'Junk', [spam]);
  await dovecot.append(box.email, 'Trash', [trash]);
  await dovecot.append(box.email, 'Drafts', [draft]);
  return { box, inbox, archived, reply, filed };
}

describe('IMAP: every folder but spam, trash and drafts', () => {
  it('stores archived and rule-filed mail, each message once, and nothing from spam, trash or drafts', async () => {
    const { box, archived } = await filedMailbox();
    const [outcome] = await box.sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    const stored = await box.stored();
    expect(stored.map((m) => m.subject)).toEqual([
      'In the inbox',
      'Archived',
      'Re: Archived',
      'Filed by a rule',
      'Kept twice',
    ]);
    expect(stored.every((m) => m.set_aside === null)).toBe(true);
    expect(await box.bySubject('Re: Archived')).toMatchObject({
      direction: 'outbound',
      thread_key: archived.id,
    });
  });

  it('moving a message between folders changes nothing but its folder', async () => {
    const { box, inbox } = await filedMailbox();
    await box.sync();
    const before = await box.bySubject('In the inbox');
    await dovecot.move(box.email, 'INBOX', 'Archive', [inbox.id]);
    await box.sync();
    expect(await box.stored()).toHaveLength(5);
    expect(await box.bySubject('In the inbox')).toMatchObject({
      thread_key: before?.thread_key,
      direction: 'inbound',
      folder: 'Archive',
      set_aside: null,
    });
  });

  it('sets aside a message moved to trash or spam after it was stored, and counts it again when moved back', async () => {
    const { box, inbox, filed } = await filedMailbox();
    await box.sync();
    const changed: string[][] = [];
    const onThreadsChanged = async (
      _tx: unknown,
      _ws: number,
      _mb: number,
      keys: readonly string[],
    ) => {
      changed.push([...keys]);
    };
    await dovecot.move(box.email, 'INBOX', 'Trash', [inbox.id]);
    await dovecot.move(box.email, 'Customers/Acme', 'Junk', [filed.id]);
    await box.sync({ onThreadsChanged });
    expect(await box.bySubject('In the inbox')).toMatchObject({ set_aside: 'trash' });
    expect(await box.bySubject('Filed by a rule')).toMatchObject({ set_aside: 'spam' });
    // Their threads' figures are recomputed in the batch that set them aside.
    expect(changed.flat().sort()).toEqual([filed.id, inbox.id].sort());
    expect(await box.stored()).toHaveLength(5);

    await dovecot.move(box.email, 'Trash', 'INBOX', [inbox.id]);
    await box.sync();
    expect(await box.bySubject('In the inbox')).toMatchObject({ set_aside: null, folder: 'INBOX' });
    expect(await box.stored()).toHaveLength(5);
  });

  it('sets aside what a client moved to a trash or spam folder of its own, known by its name', async () => {
    const { box, inbox, filed } = await filedMailbox();
    // Outlook's and Apple Mail's own folders beside the server's flagged Trash and Junk.
    const old = (subject: string) =>
      message({ from: customer, to: box.email, subject, date: '2025-01-02T09:00:00Z' });
    await dovecot.append(box.email, 'Deleted Items', [old('Long gone')]);
    await dovecot.append(box.email, 'Spam', [old('Long spam')]);
    await box.sync();
    await dovecot.move(box.email, 'INBOX', 'Deleted Items', [inbox.id]);
    await dovecot.move(box.email, 'Customers/Acme', 'Spam', [filed.id]);
    await box.sync();
    expect(await box.bySubject('In the inbox')).toMatchObject({ set_aside: 'trash' });
    expect(await box.bySubject('Filed by a rule')).toMatchObject({ set_aside: 'spam' });
    expect(await box.stored()).toHaveLength(5);
  });

  it('sets aside the mail an earlier version counted in a trash folder it did not know by name', async () => {
    const box = await imapMailbox(suite, dovecot);
    const asked = message({
      from: customer,
      to: box.email,
      subject: 'Deleted long ago',
      date: '2026-02-10T09:00:00Z',
    });
    const old = message({
      from: customer,
      to: box.email,
      subject: 'Old',
      date: '2025-01-02T09:00:00Z',
    });
    await dovecot.append(box.email, 'Customers/Acme', [asked]);
    await dovecot.append(box.email, 'Deleted Items', [old]);
    await box.sync();
    await dovecot.move(box.email, 'Customers/Acme', 'Deleted Items', [asked.id]);
    // As an earlier version left it: read from Deleted Items (UID 2) as a counted folder.
    await suite.db.query(
      `update messages m set provider_id = 'Deleted Items:' || (s.cursor #>> '{folders,Deleted Items,uidValidity}') || ':2'
         from mailbox_sync s
        where s.workspace_id = m.workspace_id and s.mailbox_id = m.mailbox_id
          and m.workspace_id = $1 and m.mailbox_id = $2`,
      [box.ws.workspaceId, box.mailboxId],
    );
    await suite.db.query(
      `update mailbox_sync set cursor = jsonb_set(cursor, '{folders,Deleted Items,lastUid}', '2')
        where workspace_id = $1 and mailbox_id = $2`,
      [box.ws.workspaceId, box.mailboxId],
    );
    await box.sync();
    expect(await box.bySubject('Deleted long ago')).toMatchObject({ set_aside: 'trash' });
  });

  it('keeps a message outbound wherever it is moved from the sent folder (rule 1)', async () => {
    const box = await imapMailbox(suite, dovecot);
    // Sent from an alias: outbound only because it sits in Sent.
    const alias = message({
      from: `Team <team@${box.ws.domain}>`,
      to: customer,
      subject: 'From the team alias',
      date: '2026-02-10T09:00:00Z',
    });
    await dovecot.append(box.email, 'Sent', [alias]);
    await box.sync();
    await dovecot.move(box.email, 'Sent', 'Archive', [alias.id]);
    await box.sync();
    expect(await box.bySubject('From the team alias')).toMatchObject({
      direction: 'outbound',
      folder: 'Archive',
    });
  });

  it('reads only All Mail and Sent where a folder is flagged \\All, as on Gmail', async () => {
    const box = await imapMailbox(suite, dovecot);
    const labelled = message({
      from: customer,
      to: box.email,
      subject: 'Labelled',
      date: '2026-02-10T09:00:00Z',
    });
    const sent = message({
      from: box.email,
      to: customer,
      subject: 'Sent',
      date: '2026-02-11T09:00:00Z',
    });
    await dovecot.append(box.email, 'All Mail', [labelled, sent]);
    await dovecot.append(box.email, 'INBOX', [labelled]);
    await dovecot.append(box.email, 'Sent', [sent]);
    // Only in a label folder: not mail Gmail would show in All Mail, so not read.
    const outside = message({
      from: customer,
      to: box.email,
      subject: 'Outside',
      date: '2026-02-12T09:00:00Z',
    });
    await dovecot.append(box.email, 'Customers', [outside]);
    await box.sync();
    const stored = await box.stored();
    expect(stored.map((m) => [m.subject, m.direction, m.folder])).toEqual([
      ['Labelled', 'inbound', 'All Mail'],
      ['Sent', 'outbound', expect.stringMatching(/^(All Mail|Sent)$/)],
    ]);
  });
});

// Header text as real mailers write it, read back from Dovecot: UTF-8 without encoded words
// (RFC 6532), 8-bit Western text from older mailers, encoded words split inside a character,
// and parentheses inside a quoted name. The subject is what Subject exclusions test and the
// unreplied list shows; the name is what alert emails show.
describe('IMAP header text', () => {
  it('stores subjects and names as people wrote them, whatever the encoding', async () => {
    const box = await imapMailbox(suite, dovecot);
    const unencoded = message({
      from: 'José García <jose@customer.example>',
      to: box.email,
      subject: 'Réclamation – commande 42',
      date: '2026-02-10T09:00:00Z',
    });
    // "Mañana": ñ is C3 B1, and the first word ends after C3.
    const split = message({
      from: '"Ana Ruiz (Acme)" <ana@acme.example>',
      to: box.email,
      subject: '=?UTF-8?B?TWHD?= =?UTF-8?B?sWFuYQ==?=',
      date: '2026-02-11T09:00:00Z',
    });
    // An older mailer's 8-bit Latin-1 bytes: "Ça va ?" from "Zoë".
    const latin = message({
      from: 'Zoe <zoe@customer.example>',
      to: box.email,
      subject: 'Ca va ?',
      date: '2026-02-12T09:00:00Z',
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
