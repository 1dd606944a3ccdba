import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../../../../server/mail/connector';
import { createImapConnector } from '../../../../server/mail/imap/connector';
import { syncDueMailboxes } from '../../../../server/mail/sync-worker';
import { markDue } from '../../../../server/repos/mailbox-sync';
import { dovecotForFile } from '../../support/dovecot-file';
import {
  addSyncedMailbox,
  imapConnectorFor,
  message,
  storedMessages,
  readFromDovecot,
  workerDeps,
} from '../../support/mail-sync';
import { setUpTestApp } from '../../support/suite';

const suite = setUpTestApp('imap');
const dovecot = dovecotForFile();

/** A workspace reading the test Dovecot, with one mailbox (a Dovecot user) due for sync. */
async function imapMailbox(local = 'sales') {
  const ws = await suite.workspace();
  const email = `${local}@${ws.domain}`;
  await dovecot.addUser(email);
  await readFromDovecot(suite.db, ws.workspaceId, dovecot);
  const mailboxId = await addSyncedMailbox(suite.db, ws.workspaceId, email, '2026-02-01');
  const sync = (overrides = {}) =>
    syncDueMailboxes(workerDeps(suite.db, overrides), new AbortController().signal, {
      workspaceId: ws.workspaceId,
    });
  const stored = () => storedMessages(suite.db, ws.workspaceId, mailboxId);
  const syncRow = async () =>
    (
      await suite.db.query<Record<string, unknown>>(
        `select s.cursor, s.history_loaded, s.progress_done, s.progress_total, s.last_error,
                s.attempts, m.status
           from mailbox_sync s join mailboxes m using (workspace_id, mailbox_id)
          where s.workspace_id = $1 and s.mailbox_id = $2`,
        [ws.workspaceId, mailboxId],
      )
    )[0]!;
  return { ws, email, mailboxId, sync, stored, syncRow };
}

const customer = 'Carla Customer <carla@customer.example>';

describe('IMAP sync against Dovecot', () => {
  it('first sync reads INBOX and the \\Sent folder back to data_from, threading replies', async () => {
    const box = await imapMailbox();
    const question = message({ from: customer, to: box.email, date: '2026-02-10T09:00:00Z' });
    await dovecot.append(box.email, 'INBOX', [
      message({ from: customer, to: box.email, date: '2026-01-15T09:00:00Z', subject: 'Old' }),
      question,
      message({ from: 'news@list.example', to: box.email, date: '2026-02-11T09:00:00Z' }),
    ]);
    await dovecot.append(box.email, 'Sent', [
      message({
        from: `Sales <${box.email}>`,
        to: customer,
        subject: 'Re: hello',
        inReplyTo: question.id,
        references: question.id,
        date: '2026-02-10T10:00:00Z',
      }),
    ]);
    expect(await box.sync()).toEqual([
      { email: box.email, workspaceId: box.ws.workspaceId, ok: true },
    ]);
    const stored = await box.stored();
    expect(stored.map((m) => m.subject)).not.toContain('Old');
    expect(stored).toHaveLength(3);
    const reply = stored.find((m) => m.subject === 'Re: hello')!;
    expect(reply.direction).toBe('outbound');
    expect(reply.provider_id).toMatch(/^Sent:\d+:1$/);
    expect(reply.thread_key).toBe(question.id);
    expect(await box.syncRow()).toMatchObject({
      history_loaded: true,
      status: 'working',
      progress_done: 4,
      progress_total: 4,
      last_error: null,
    });
  });

  it('incremental sync reads only new UIDs, in batches, each with its cursor', async () => {
    const box = await imapMailbox();
    await dovecot.append(box.email, 'INBOX', [
      message({ from: customer, to: box.email, date: '2026-02-10T09:00:00Z' }),
    ]);
    await box.sync();
    const later = Array.from({ length: 5 }, (_, i) =>
      message({ from: customer, to: box.email, date: `2026-03-0${i + 1}T09:00:00Z` }),
    );
    await dovecot.append(box.email, 'INBOX', later);
    await markDue(suite.db, box.ws.workspaceId, new Date());
    const batches: number[] = [];
    const threads: string[][] = [];
    await box.sync({
      connectorFor: imapConnectorFor(dovecot, { batchSize: 2 }),
      onBatch: (_box: unknown, batch: { messages: unknown[] }) =>
        batches.push(batch.messages.length),
      onThreadsChanged: async (_tx: unknown, _ws: number, _mb: number, keys: readonly string[]) => {
        threads.push([...keys]);
      },
    });
    expect(batches).toEqual([2, 2, 1, 0]);
    expect(threads.flat().sort()).toEqual(later.map((m) => m.id).sort());
    expect(await box.stored()).toHaveLength(6);
    const row = await box.syncRow();
    expect(row.cursor).toMatchObject({ folders: { INBOX: { lastUid: 6, historyDone: true } } });
  });

  it('a changed UIDVALIDITY reads the folder again, keeping what is stored and doubling nothing', async () => {
    const box = await imapMailbox();
    const sent = [1, 2].map((i) =>
      message({ from: box.email, to: customer, date: `2026-02-1${i}T09:00:00Z` }),
    );
    await dovecot.append(box.email, 'Sent', sent);
    await box.sync();
    const before = (await box.syncRow()).cursor as {
      folders: Record<string, { uidValidity: string }>;
    };
    await dovecot.recreateFolder(box.email, 'Sent').catch((e: { responseText?: string }) => {
      throw new Error(`recreate: ${e.responseText}`);
    });
    const extra = message({ from: box.email, to: customer, date: '2026-02-20T09:00:00Z' });
    await dovecot.append(box.email, 'Sent', [...sent, extra]);
    await markDue(suite.db, box.ws.workspaceId, new Date());
    await box.sync();
    const after = (await box.syncRow()).cursor as typeof before;
    expect(after.folders.Sent!.uidValidity).not.toBe(before.folders.Sent!.uidValidity);
    const stored = await box.stored();
    // Each message found again by its Message-ID: one row, now named by its new UID.
    expect(stored).toHaveLength(3);
    expect(
      stored.filter((m) => m.provider_id.startsWith(`Sent:${after.folders.Sent!.uidValidity}:`)),
    ).toHaveLength(3);
  });

  it('threads by References when the reply is stored before its original', async () => {
    const box = await imapMailbox();
    const root = message({ from: customer, to: box.email, date: '2026-02-10T09:00:00Z' });
    const follow = message({
      from: customer,
      to: box.email,
      date: '2026-02-12T09:00:00Z',
      references: `${root.id} <unknown@elsewhere.example>`,
    });
    await dovecot.append(box.email, 'INBOX', [follow]);
    await box.sync();
    await dovecot.append(box.email, 'INBOX', [root]);
    await markDue(suite.db, box.ws.workspaceId, new Date());
    await box.sync();
    expect((await box.stored()).map((m) => m.thread_key)).toEqual([root.id, root.id]);
  });

  it('threads a reply to a message whose Message-ID came without angle brackets', async () => {
    const box = await imapMailbox();
    const bare = '20260210.4711@crm.customer.example';
    await dovecot.append(box.email, 'INBOX', [
      message({ from: customer, to: box.email, date: '2026-02-10T09:00:00Z', id: bare }),
    ]);
    await dovecot.append(box.email, 'Sent', [
      message({
        from: box.email,
        to: customer,
        date: '2026-02-10T10:00:00Z',
        inReplyTo: `<${bare}>`,
      }),
    ]);
    await box.sync();
    const [original, reply] = await box.stored();
    expect([original?.direction, original?.thread_key]).toEqual(['inbound', `<${bare}>`]);
    expect([reply?.direction, reply?.thread_key]).toEqual(['outbound', `<${bare}>`]);
    // Named as an earlier version named it, by its headers' digest, so a re-read finds its row.
    expect(original?.provider_id).toMatch(/^nomid:/);
  });
});

describe('IMAP probe', () => {
  const connector = (
    overrides: { port?: number; tls?: boolean; pass?: string; login?: 'authzid' } = {},
  ) =>
    createImapConnector(
      {
        host: '127.0.0.1',
        port: overrides.port ?? dovecot.port,
        tls: overrides.tls ?? false,
        ca: null,
        masterUser: dovecot.masterUser,
        masterLogin: overrides.login ?? 'separator',
        masterSeparator: '*',
        sentFolder: 'Sent',
      },
      overrides.pass ?? dovecot.masterPassword,
      { connectTimeoutMs: 3000 },
    );

  it('logs in as the mailbox through the master user, either way', async () => {
    await dovecot.addUser('probe@probe.example');
    await dovecot.append('probe@probe.example', 'INBOX', [
      message({ from: customer, to: 'probe@probe.example', date: '2026-02-10T09:00:00Z' }),
    ]);
    expect(await connector().probe('probe@probe.example')).toEqual({ ok: true, messageCount: 1 });
    expect(await connector({ login: 'authzid' }).probe('probe@probe.example')).toEqual({
      ok: true,
      messageCount: 1,
    });
  });

  it('turns failures into sentences', async () => {
    const reason = async (result: Promise<ProbeResult>) => {
      const answered = await result;
      return answered.ok ? 'accepted' : answered.reason;
    };
    expect(await reason(connector().probe('nobody@probe.example'))).toMatch(
      /refused the login to nobody@probe\.example through the master user mailpulse: the mailbox does not exist there/,
    );
    expect(await reason(connector({ pass: 'wrong' }).probe('probe@probe.example'))).toMatch(
      /refused the login/,
    );
    expect(await reason(connector({ port: 1 }).probe('probe@probe.example'))).toBe(
      "We couldn't reach the IMAP server 127.0.0.1:1 (connection refused). Check the host and port, or try again later.",
    );
    expect(await reason(connector({ tls: true }).probe('probe@probe.example'))).toMatch(
      /^The secure \(TLS\) connection to the IMAP server 127\.0\.0\.1:\d+ failed/,
    );
  });
});
