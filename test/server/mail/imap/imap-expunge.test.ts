import { describe, expect, it } from 'vitest';
import type { Tx } from '../../../../server/db/types';
import { refreshThreadFacts } from '../../../../server/stats/thread-facts';
import { rebuildWorkspaceStats } from '../../../../server/stats/rebuild';
import { dovecotForFile } from '../../support/dovecot-file';
import { imapMailbox, message } from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';

// Messages deleted for good on the IMAP server without passing through Trash (flagged \Deleted
// and expunged, as a client's shift-delete or a retention rule does): the next sync finds them
// gone from their folder and marks them as in trash, unless another counted folder still holds
// the message. As do a folder deleted with its mail, and one recreated. History is kept
// (docs/statistics.md, definition 13): a deleted message still counts as received; unanswered,
// it is closed and no longer awaits.

const suite = setUpTestApp('imapexpunge');
const dovecot = dovecotForFile();

const customer = 'Carla Customer <carla@customer.example>';
// Monday 9 to Sunday 15 February 2026.
const WEEK = 'from=2026-02-09&to=2026-02-15';

/** A mailbox of three customer messages that week, one of them also filed in Customers/Acme. */
async function countedMailbox() {
  const box = await imapMailbox(suite, dovecot);
  const at = (day: number) => `2026-02-${day}T09:00:00Z`;
  const gone = message({ from: customer, to: box.email, subject: 'Expunged', date: at(10) });
  const twice = message({ from: customer, to: box.email, subject: 'Filed too', date: at(11) });
  const stays = message({ from: customer, to: box.email, subject: 'Stays', date: at(12) });
  await dovecot.append(box.email, 'INBOX', [gone, twice, stays]);
  await dovecot.append(box.email, 'Customers/Acme', [twice]);
  // As the workers do: each batch refreshes the figures of the threads it changed.
  const sync = () =>
    box.sync({
      onThreadsChanged: (tx: Tx, ws: number, mb: number, threads: readonly string[]) =>
        refreshThreadFacts(tx, ws, mb, [...threads]),
    });
  /** Received, and awaiting (the unanswered messages not deleted): `3/3`. */
  const received = async () => {
    const reply = await suite.admin(box.ws).get(`/portal/api/stats/summary?${WEEK}`);
    expect(reply.statusCode).toBe(200);
    const { received: count, awaiting } = reply.json<{ received: number; awaiting: number }>();
    return `${count}/${awaiting}`;
  };
  const [outcome] = await sync();
  expect(outcome, outcome?.error).toMatchObject({ ok: true });
  await rebuildWorkspaceStats(suite.db, box.ws.workspaceId);
  expect(await received()).toBe('3/3');
  return { box, gone, twice, stays, sync, received };
}

describe('IMAP: mail deleted for good', () => {
  it('closes its request at the next sync; a message still in another folder stays open', async () => {
    const { box, gone, twice, sync, received } = await countedMailbox();
    await dovecot.expunge(box.email, 'INBOX', [gone.id, twice.id]);
    const [outcome] = await sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    expect(await received()).toBe('3/2');
    expect(await box.bySubject('Expunged')).toMatchObject({ set_aside: 'trash' });
    expect(await box.bySubject('Filed too')).toMatchObject({
      set_aside: null,
      folder: 'Customers/Acme',
    });
    expect(await box.stored()).toHaveLength(3);
    // A rebuild over the whole history agrees.
    await rebuildWorkspaceStats(suite.db, box.ws.workspaceId);
    expect(await received()).toBe('3/2');
  });

  it('a message put back after it was expunged awaits again', async () => {
    const { box, gone, sync, received } = await countedMailbox();
    await dovecot.expunge(box.email, 'INBOX', [gone.id]);
    await sync();
    expect(await received()).toBe('3/2');
    await dovecot.append(box.email, 'Archive', [gone]);
    await sync();
    expect(await received()).toBe('3/3');
    expect(await box.bySubject('Expunged')).toMatchObject({ set_aside: null, folder: 'Archive' });
  });

  it('a folder deleted with its mail, or recreated empty, closes its requests', async () => {
    const { box, twice, stays, sync, received } = await countedMailbox();
    const filed = message({
      from: customer,
      to: box.email,
      subject: 'Only filed',
      date: '2026-02-13T09:00:00Z',
    });
    const archived = message({
      from: customer,
      to: box.email,
      subject: 'Archived',
      date: '2026-02-13T10:00:00Z',
    });
    await dovecot.append(box.email, 'Customers/Beta', [filed]);
    await dovecot.append(box.email, 'Archive', [archived]);
    await sync();
    expect(await received()).toBe('5/5');
    await dovecot.expunge(box.email, 'INBOX', [twice.id, stays.id]);
    await dovecot.deleteFolder(box.email, 'Customers/Beta');
    await dovecot.recreateFolder(box.email, 'Archive');
    const [outcome] = await sync();
    expect(outcome, outcome?.error).toMatchObject({ ok: true });
    // Still awaiting: 'Expunged' (still in INBOX here) and 'Filed too' (its copy in
    // Customers/Acme); all five still received.
    expect(await received()).toBe('5/2');
    expect(await box.bySubject('Only filed')).toMatchObject({ set_aside: 'trash' });
    expect(await box.bySubject('Archived')).toMatchObject({ set_aside: 'trash' });
    expect(await box.bySubject('Filed too')).toMatchObject({ set_aside: null });
  });
});
