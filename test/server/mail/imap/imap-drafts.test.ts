import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { rebuiltDaySummary } from '../../support/stats';
import { setUpTestApp } from '../../support/suite';

// Drafts outside the Drafts folder: an \All folder holds every message of the mailbox, drafts
// included (RFC 6154), and a client may save a draft in any folder. A draft is flagged \Draft
// (RFC 3501 §2.3.2); from the mailbox, it would count as sent, and as a reply to the message it
// answers. It is not stored.

const suite = setUpTestApp('imapdrafts');
const dovecot = dovecotForFile();

const customer = 'Carla Customer <carla@customer.example>';

/** A customer's question and the mailbox's unfinished answer to it, flagged \Draft. */
function questionAndDraft(email: string) {
  const question = message({
    from: customer,
    to: email,
    subject: 'Where is my order?',
    date: '2026-02-10T09:00:00Z',
  });
  const draft = message({
    from: email,
    to: customer,
    subject: 'Re: Where is my order?',
    inReplyTo: question.id,
    references: question.id,
    date: '2026-02-10T10:00:00Z',
  });
  return { question, draft: { ...draft, flags: ['\\Draft'] } };
}

describe('IMAP: drafts in a counted folder', () => {
  it('stores no draft from All Mail, so the question stays unreplied', async () => {
    const box = await imapMailbox(suite, dovecot);
    const { question, draft } = questionAndDraft(box.email);
    await dovecot.append(box.email, 'All Mail', [question, draft]);
    await dovecot.append(box.email, 'INBOX', [question]);
    await dovecot.append(box.email, 'Drafts', [draft]);
    const [outcome] = await box.sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    expect((await box.stored()).map((m) => m.subject)).toEqual(['Where is my order?']);
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    expect(summary).toMatchObject({ received: 1, replied: 0, unreplied: 1, sent: 0 });
  });

  it('stores no draft saved in another folder', async () => {
    const box = await imapMailbox(suite, dovecot);
    const { question, draft } = questionAndDraft(box.email);
    await dovecot.append(box.email, 'INBOX', [question, draft]);
    await box.sync();
    expect((await box.stored()).map((m) => m.subject)).toEqual(['Where is my order?']);
  });
});
