import { describe, expect, it } from 'vitest';
import { MAIL_READ_VERSION } from '../../../../server/domain/mail-read-version';
import { refreshThreadFacts } from '../../../../server/stats/thread-facts';
import { dovecotForFile } from '../../support/dovecot-file';
import { client } from '../../support/app';
import { imapMailbox, message, NO_HEADERS } from '../../support/mail-sync';
import { rebuiltDaySummary } from '../../support/stats';
import { setUpTestApp } from '../../support/suite';

// After an upgrade that reads headers better, mail an earlier version stored is read again by
// the next sync of its mailbox, without anyone running `mail:sync --again`, and only once.

const suite = setUpTestApp('imapreadversion');
const dovecot = dovecotForFile();

describe('IMAP: mail an earlier version stored', () => {
  it('is read again at the next sync, once, and the figures follow', async () => {
    const box = await imapMailbox(suite, dovecot);
    const at = (time: string) => `2026-02-10T${time}:00Z`;
    const question = message({
      from: 'Carla <carla@customer.example>',
      to: box.email,
      subject: 'Where is my order?',
      date: at('09:00'),
    });
    const away = message({
      from: 'Dan <dan@shop.example>',
      to: box.email,
      subject: 'Out of office',
      date: at('09:05'),
      headers: ['X-Autoreply: yes'],
    });
    await dovecot.append(box.email, 'INBOX', [question, away]);
    await box.sync();
    const where = [box.ws.workspaceId, box.mailboxId];
    // As a version before migration 0022 stored it: no auto-responder's mark read.
    const storedByEarlierVersion = async (readVersion: number) => {
      await suite.db.query(
        `update messages set auto_reply = null where workspace_id = $1 and mailbox_id = $2`,
        where,
      );
      await suite.db.query(
        `update mailbox_sync set read_version = $3 where workspace_id = $1 and mailbox_id = $2`,
        [...where, readVersion],
      );
    };
    await storedByEarlierVersion(0);
    const before = await rebuiltDaySummary(suite, box.ws, '2026-02-10');
    expect(before).toMatchObject({ received: 2, automated: 0, unreplied: 2 });

    // As the worker process does (server/workers/start.ts): each batch refreshes its threads.
    await box.sync({
      onThreadsChanged: (tx, workspaceId, mailboxId, threads) =>
        refreshThreadFacts(tx, workspaceId, mailboxId, [...threads]),
    });
    expect(await box.columns('subject, auto_reply', 'sent_at')).toEqual([
      { subject: 'Where is my order?', auto_reply: null },
      { subject: 'Out of office', auto_reply: true },
    ]);
    const [sync] = await suite.db.query<{ read_version: number }>(
      `select read_version from mailbox_sync where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    expect(sync).toEqual({ read_version: MAIL_READ_VERSION });
    // The sync's own refresh of the threads it changed: no rebuild needed.
    const summary = await client(suite.app, box.ws.admin.token).get(
      '/portal/api/stats/summary?from=2026-02-10&to=2026-02-10',
    );
    expect(summary.json()).toMatchObject({ received: 1, automated: 1, unreplied: 1 });

    // Read by this version, a mailbox's next syncs fetch only what is new.
    await storedByEarlierVersion(MAIL_READ_VERSION);
    await box.sync();
    expect(await box.columns('auto_reply', 'sent_at')).toEqual([
      { auto_reply: null },
      { auto_reply: null },
    ]);
  });

  it('reads a cancellation that version 2 stored unknown again, and it becomes automated', async () => {
    const box = await imapMailbox(suite, dovecot);
    const cancelled = message({
      from: 'Carla <carla@customer.example>',
      to: box.email,
      subject: 'Canceled: Demo',
      date: '2026-02-10T09:00:00Z',
      headers: ['Content-Type: text/calendar; charset="utf-8"; method=CANCEL'],
    });
    await dovecot.append(box.email, 'INBOX', [cancelled]);
    await box.sync();
    const where = [box.ws.workspaceId, box.mailboxId];
    // As version 2 (before migration 0029) stored it: no cancellation read.
    await suite.db.query(
      `update messages set meeting_cancellation = null where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    await suite.db.query(
      `update mailbox_sync set read_version = 2 where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    expect(await rebuiltDaySummary(suite, box.ws, '2026-02-10')).toMatchObject({
      received: 1,
      automated: 0,
    });
    await box.sync({
      onThreadsChanged: (tx, workspaceId, mailboxId, threads) =>
        refreshThreadFacts(tx, workspaceId, mailboxId, [...threads]),
    });
    expect(await box.columns('meeting_cancellation', 'sent_at')).toEqual([
      { meeting_cancellation: true },
    ]);
    const summary = await client(suite.app, box.ws.admin.token).get(
      '/portal/api/stats/summary?from=2026-02-10&to=2026-02-10',
    );
    expect(summary.json()).toMatchObject({ received: 0, automated: 1 });
  });

  it('reads the Bcc that version 3 did not, and the answer to a customer in Bcc counts', async () => {
    const box = await imapMailbox(suite, dovecot);
    const question = message({
      from: 'Carla <carla@customer.example>',
      to: box.email,
      subject: 'Where is my order?',
      date: '2026-02-10T09:00:00Z',
    });
    const answer = message({
      from: box.email,
      to: `dan@${box.ws.domain}`,
      subject: 'Re: Where is my order?',
      inReplyTo: question.id,
      date: '2026-02-10T10:00:00Z',
      headers: ['Bcc: carla@customer.example'],
    });
    await dovecot.append(box.email, 'INBOX', [question]);
    await dovecot.append(box.email, 'Sent', [answer]);
    await box.sync();
    const where = [box.ws.workspaceId, box.mailboxId];
    // As version 3 (before migration 0031) stored it: no Bcc read.
    await suite.db.query(
      `update messages set bcc_addresses = '{}' where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    await suite.db.query(
      `update mailbox_sync set read_version = 3 where workspace_id = $1 and mailbox_id = $2`,
      where,
    );
    // The answer went To a colleague alone, as far as version 3 read it: internal.
    expect(await rebuiltDaySummary(suite, box.ws, '2026-02-10')).toMatchObject({
      ...{ received: 1, sent: 0, replied: 0, awaiting: 1, internal: 1 },
    });
    await box.sync({
      onThreadsChanged: (tx, workspaceId, mailboxId, threads) =>
        refreshThreadFacts(tx, workspaceId, mailboxId, [...threads]),
    });
    expect(await box.columns('bcc_addresses', 'sent_at')).toEqual([
      { bcc_addresses: [] },
      { bcc_addresses: ['carla@customer.example'] },
    ]);
    const summary = await client(suite.app, box.ws.admin.token).get(
      '/portal/api/stats/summary?from=2026-02-10&to=2026-02-10',
    );
    expect(summary.json()).toMatchObject({
      ...{ received: 1, sent: 1, replied: 1, awaiting: 0, internal: 0 },
    });
  });

  it('is marked by a version that a header the sync newly reads must raise', () => {
    // NO_HEADERS is typed with every header the connectors read, so a new one fails to compile
    // until it is added there, and then fails here until MAIL_READ_VERSION is raised with it.
    const headers = Object.keys(NO_HEADERS).sort();
    expect({ version: MAIL_READ_VERSION, headers }).toEqual({
      version: 4,
      headers: [
        'autoReply',
        'autoSubmitted',
        'bcc',
        'cc',
        'contentType',
        'from',
        'inReplyTo',
        'listId',
        'listUnsubscribe',
        'messageId',
        'originalFrom',
        'precedence',
        'references',
        'replyTo',
        'returnPath',
        'subject',
        'to',
      ],
    });
  });
});
