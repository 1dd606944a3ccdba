import { describe, expect, it } from 'vitest';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapConnectorFor, imapMailbox, message } from '../../support/mail-sync';
import { rebuiltDaySummary } from '../../support/stats';
import { setUpTestApp } from '../../support/suite';

// A copy moved to spam or trash while another counted folder still holds the message. Each IMAP
// copy is a message of its own (RFC 3501 §2.3.3), so deleting one copy takes nothing out of the
// figures: a reply sent to a group that includes the mailbox (in Sent, and in INBOX by the
// group), a message a rule filed twice (Sieve `fileinto :copy`). A message whose only copy is
// moved is set aside as before.

const suite = setUpTestApp('imaptrashcopies');
const dovecot = dovecotForFile();

const customer = 'Carla Customer <carla@customer.example>';
const at = (time: string) => `2026-02-10T${time}:00Z`;

/** A question answered from the mailbox with its team in Cc, a message filed twice, and one more. */
async function copiedMailbox() {
  const box = await imapMailbox(suite, dovecot);
  const question = message({
    from: customer,
    to: box.email,
    subject: 'Where is my order?',
    date: at('09:00'),
  });
  const reply = message({
    from: box.email,
    to: customer,
    cc: `team@${box.ws.domain}`,
    subject: 'Re: Where is my order?',
    inReplyTo: question.id,
    references: question.id,
    date: at('10:00'),
  });
  const filed = message({ from: customer, to: box.email, subject: 'Invoice', date: at('11:00') });
  const only = message({ from: customer, to: box.email, subject: 'Only here', date: at('12:00') });
  await dovecot.append(box.email, 'INBOX', [question, reply, filed, only]);
  await dovecot.append(box.email, 'Sent', [reply]);
  await dovecot.append(box.email, 'Customers/Acme', [filed]);
  const [outcome] = await box.sync();
  expect(outcome, outcome?.error).toMatchObject({ ok: true });
  const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
  expect(summary).toMatchObject({ received: 3, replied: 1, unreplied: 2, sent: 1 });
  return { box, reply, filed, only };
}

describe('IMAP: a copy moved to trash or spam', () => {
  it('keeps the message counted while another counted folder holds it', async () => {
    const { box, reply, filed } = await copiedMailbox();
    await dovecot.move(box.email, 'INBOX', 'Trash', [reply.id]);
    await dovecot.move(box.email, 'INBOX', 'Junk', [filed.id]);
    const [outcome] = await box.sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    expect(await box.bySubject('Re: Where is my order?')).toMatchObject({
      set_aside: null,
      folder: 'Sent',
      direction: 'outbound',
    });
    expect(await box.bySubject('Invoice')).toMatchObject({
      set_aside: null,
      folder: 'Customers/Acme',
    });
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    expect(summary).toMatchObject({ received: 3, replied: 1, unreplied: 2, sent: 1 });
  });

  it('marks as in trash a message whose only copy was moved, and the last copy moved after another', async () => {
    const { box, reply, filed, only } = await copiedMailbox();
    await dovecot.move(box.email, 'INBOX', 'Trash', [reply.id, filed.id, only.id]);
    const fromTrash: (string | null)[] = [];
    const [outcome] = await box.sync({
      connectorFor: imapConnectorFor(dovecot, { batchSize: 1 }),
      onBatch: (_box, batch) =>
        fromTrash.push(
          ...(batch.changes ?? [])
            .filter((change) => change.providerId.startsWith('Trash:'))
            .map((change) => change.messageId),
        ),
    });
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    // Read from Trash one at a time, with the other folders searched in between.
    expect(fromTrash).toEqual([only.id]);
    expect(await box.bySubject('Only here')).toMatchObject({ set_aside: 'trash' });
    expect(await box.bySubject('Re: Where is my order?')).toMatchObject({ set_aside: null });
    expect(await box.bySubject('Invoice')).toMatchObject({ set_aside: null });
    await dovecot.move(box.email, 'Sent', 'Trash', [reply.id]);
    await box.sync();
    expect(await box.bySubject('Re: Where is my order?')).toMatchObject({ set_aside: 'trash' });
    // History is kept (docs/statistics.md, definition 13): the answer in trash still answers and
    // counts as sent; "Only here", unanswered and in trash, is closed: only "Invoice" awaits.
    const summary = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    expect(summary).toMatchObject({ received: 3, replied: 1, unreplied: 2, sent: 1, awaiting: 1 });
  });
});
