import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMailCommand } from '../../../server/cli/mail-commands';
import { parseMailCommand } from '../../../server/cli/mail-parse';
import { loadConfig } from '../../../server/config';
import { checkSecretsKey, loadSecretBox, SecretsKeyError } from '../../../server/mail/secrets';
import { getMailAccount } from '../../../server/repos/mail-accounts';
import { startDovecot, type Dovecot, type TestMessage } from '../../support/dovecot';
import { addSyncedMailbox, message, secrets } from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';

const suite = setUpTestApp('mailcli');
let dovecot: Dovecot;
let dir: string;

beforeAll(async () => {
  dovecot = await startDovecot();
  dir = await mkdtemp(join(tmpdir(), 'mailpulse-cli-'));
});
afterAll(async () => {
  await dovecot?.close();
});

const words = (line: string) => line.split(' ').filter(Boolean);
const run = (line: string, extra: { pause?: (ms: number) => Promise<void> } = {}) =>
  runMailCommand(parseMailCommand(words(line)), {
    db: suite.db,
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    secrets: () => Promise.resolve(secrets),
    ...extra,
  });

async function secretFile(name: string, content: string) {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/**
 * A Dovecot user holding `messages` in its INBOX, a mailbox for it synced from 1 February, and
 * the workspace's IMAP account set through the CLI; the mailbox's id.
 */
async function imapMailbox(workspaceId: number, email: string, messages: TestMessage[]) {
  await dovecot.addUser(email);
  await dovecot.append(email, 'INBOX', messages);
  const mailboxId = await addSyncedMailbox(suite.db, workspaceId, email, '2026-02-01');
  const file = await secretFile(`${email}-pass`, dovecot.masterPassword);
  await run(
    `mail:imap --workspace ${workspaceId} --host 127.0.0.1 --port ${dovecot.port} --tls false --master-user ${dovecot.masterUser} --master-password-file ${file}`,
  );
  return mailboxId;
}

const customerMail = (to: string) =>
  message({ from: 'c@customer.example', to, date: '2026-02-10T09:00:00Z' });

describe('mail CLI', () => {
  it('mail:imap seals the master password and never prints it', async () => {
    const ws = await suite.workspace();
    const file = await secretFile('imap-pass', 'very-secret-password\n');
    const result = await run(
      `mail:imap --workspace ${ws.workspaceId} --host imap.example.com --port 993 --master-user admin --master-password-file ${file}`,
    );
    expect(result.lines).toEqual([
      `workspace ${ws.workspaceId}: mail account set: imap (host imap.example.com, port 993, tls true, masterUser admin, masterLogin separator, masterSeparator *, sentFolder Sent); credential sealed`,
    ]);
    const account = await getMailAccount(suite.db, ws.workspaceId);
    expect(account?.secret).not.toContain('very-secret');
    expect(
      secrets.unseal(account!.secret!, { workspaceId: ws.workspaceId, provider: 'imap' }),
    ).toBe('very-secret-password');
  });

  it('mail:google checks the key file; mail:microsoft and mail:demo store their settings', async () => {
    const ws = await suite.workspace();
    const bad = await secretFile('sa-bad.json', JSON.stringify({ client_email: 'x@y.example' }));
    await expect(
      run(`mail:google --workspace ${ws.workspaceId} --service-account-file ${bad}`),
    ).rejects.toThrow('--service-account-file has no private_key');
    const good = await secretFile(
      'sa.json',
      JSON.stringify({ client_email: 'sync@p.iam.example', private_key: 'PRIVATE KEY TEXT' }),
    );
    const google = await run(
      `mail:google --workspace ${ws.workspaceId} --service-account-file ${good}`,
    );
    expect(google.lines[0]).toBe(
      `workspace ${ws.workspaceId}: mail account set: google (clientEmail sync@p.iam.example); credential sealed`,
    );
    const secretPath = await secretFile('ms', 'client-secret-value');
    const microsoft = await run(
      `mail:microsoft --workspace ${ws.workspaceId} --tenant contoso.example --client-id abc --client-secret-file ${secretPath}`,
    );
    expect(microsoft.lines.join()).not.toContain('client-secret-value');
    expect((await getMailAccount(suite.db, ws.workspaceId))?.provider).toBe('microsoft');
    const demo = await run(`mail:demo --workspace ${ws.workspaceId}`);
    expect(demo.lines).toEqual([`workspace ${ws.workspaceId}: mail account replaced: demo`]);
  });

  it('mail:sync marks due, or with --wait syncs and reports; mail:status prints tab-separated lines', async () => {
    const ws = await suite.workspace();
    const good = `good@${ws.domain}`;
    await imapMailbox(ws.workspaceId, good, [customerMail(good)]);
    expect((await run(`mail:sync --workspace ${ws.workspaceId}`)).lines).toEqual([
      `workspace ${ws.workspaceId}: 2 mailboxes due now`,
    ]);
    const waited = await run(`mail:sync --workspace ${ws.workspaceId} --wait`);
    expect(waited.exitCode).toBe(1);
    expect(waited.lines).toEqual([
      `${good}: in`,
      expect.stringMatching(
        new RegExp(`^viewer@${ws.domain}: failed: The IMAP server .* refused the login`),
      ),
    ]);
    const single = await run(`mail:sync --workspace ${ws.workspaceId} --mailbox ${good} --wait`);
    expect(single).toEqual({ lines: [`${good}: in`], exitCode: 0 });
    const lines = (await run(`mail:status --workspace ${ws.workspaceId}`)).lines;
    const [goodLine, viewerLine] = lines.map((line) => line.split('\t'));
    expect(goodLine).toEqual([
      good,
      'working',
      '1',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      '',
    ]);
    expect(viewerLine?.slice(0, 3)).toEqual([`viewer@${ws.domain}`, 'sync_error', '0']);
    expect(viewerLine?.[4]).toMatch(/refused the login/);
  });
});

describe('mail:sync --wait and another process', () => {
  it('waits for a mailbox another live process is syncing, saying whose lease until when, then syncs it', async () => {
    const ws = await suite.workspace();
    const email = `held@${ws.domain}`;
    const mailboxId = await imapMailbox(ws.workspaceId, email, [customerMail(email)]);
    const until = new Date(Date.now() + 100_000).toISOString();
    const [lease] = await suite.db.query<{ lease_expires_at: string }>(
      `update mailbox_sync set lease_owner = 'worker-host:4242:0badcafe',
              lease_expires_at = $3, lease_renewed_at = now()
        where workspace_id = $1 and mailbox_id = $2 returning lease_expires_at`,
      [ws.workspaceId, mailboxId, until],
    );
    const pauses: number[] = [];
    // The other process finishes while this one waits: it releases the lease, next run later.
    const pause = async (ms: number) => {
      pauses.push(ms);
      await suite.db.query(
        `update mailbox_sync set lease_owner = null, lease_expires_at = null,
                next_run_at = now() + interval '5 minutes'
          where workspace_id = $1 and mailbox_id = $2`,
        [ws.workspaceId, mailboxId],
      );
    };
    const waited = await run(`mail:sync --workspace ${ws.workspaceId} --mailbox ${email} --wait`, {
      pause,
    });
    expect(waited).toEqual({
      lines: [
        `${email}: waiting: worker-host:4242:0badcafe is syncing it (its lease runs until ${lease?.lease_expires_at})`,
        `${email}: in`,
      ],
      exitCode: 0,
    });
    expect(pauses).toHaveLength(1);
    const [stored] = await suite.db.query<{ count: number }>(
      `select count(*)::int as count from messages where workspace_id = $1`,
      [ws.workspaceId],
    );
    expect(stored?.count).toBe(1);
  });
});

describe('mail:sync --again', () => {
  it('reads a mailbox again, so that mail an earlier version stored is kept as this one reads it', async () => {
    const ws = await suite.workspace();
    const email = `again@${ws.domain}`;
    const mailboxId = await imapMailbox(ws.workspaceId, email, [
      message({
        from: 'MAILER-DAEMON@mx.customer.example',
        to: email,
        subject: 'Undelivered Mail Returned to Sender',
        date: '2026-02-10T09:00:00Z',
        headers: ['Content-Type: multipart/report; report-type=delivery-status; boundary="b"'],
      }),
      message({
        from: 'c@customer.example',
        to: email,
        subject: 'Résumé',
        date: '2026-02-11T09:00:00Z',
        id: '4711@crm.customer.example',
      }),
    ]);
    const mailbox = `--workspace ${ws.workspaceId} --mailbox ${email}`;
    expect((await run(`mail:sync ${mailbox} --wait`)).lines).toEqual([`${email}: in`]);
    // As an earlier version left them: no media type kept, UTF-8 read a byte a character, a
    // Message-ID without brackets not read. And another process holds the lease, which --again
    // voids: that process stops at its next batch.
    await suite.db.query(
      `update messages set content_type = null, subject = replace(subject, 'é', 'Ã©'),
              message_id_header = nullif(message_id_header, '<4711@crm.customer.example>')
        where workspace_id = $1 and mailbox_id = $2`,
      [ws.workspaceId, mailboxId],
    );
    await suite.db.query(
      `update mailbox_sync set lease_owner = 'worker-host:4242:0badcafe', lease_renewed_at = now(),
              lease_expires_at = now() + interval '100 seconds'
        where workspace_id = $1 and mailbox_id = $2`,
      [ws.workspaceId, mailboxId],
    );
    expect((await run(`mail:sync ${mailbox} --again`)).lines).toEqual([
      `workspace ${ws.workspaceId}: 1 mailboxes due now, to be read again from their data_from`,
    ]);
    const pauses: number[] = [];
    const again = await run(`mail:sync ${mailbox} --wait`, {
      pause: async (ms) => void pauses.push(ms),
    });
    expect(again).toEqual({ lines: [`${email}: in`], exitCode: 0 });
    expect(pauses).toEqual([]);
    const rows = await suite.db.query<{ subject: string; content_type: string | null }>(
      `select subject, content_type from messages
        where workspace_id = $1 and mailbox_id = $2 order by sent_at`,
      [ws.workspaceId, mailboxId],
    );
    expect(rows).toEqual([
      { subject: 'Undelivered Mail Returned to Sender', content_type: 'multipart/report' },
      { subject: 'Résumé', content_type: null },
    ]);
  });
});

describe('credential sealing', () => {
  const hexKey = 'ab'.repeat(32);

  it('a wrong key stops the start with an error naming SECRETS_KEY', async () => {
    const ws = await suite.workspace();
    const file = await secretFile('pw2', 'pw');
    await run(
      `mail:imap --workspace ${ws.workspaceId} --host h.example --port 993 --master-user m --master-password-file ${file}`,
    );
    const wrong = await loadSecretBox({ secretsKey: hexKey, databaseUrl: undefined, dataDir: '' });
    await expect(checkSecretsKey(suite.db, wrong)).rejects.toThrow(SecretsKeyError);
    await expect(checkSecretsKey(suite.db, wrong)).rejects.toThrow(
      /^Invalid SECRETS_KEY: it is not the key the stored mail credentials were sealed with/,
    );
    const none = await loadSecretBox({
      secretsKey: undefined,
      databaseUrl: 'postgres://x/y',
      dataDir: '',
    });
    await expect(checkSecretsKey(suite.db, none)).rejects.toThrow(/^SECRETS_KEY is required/);
    await expect(checkSecretsKey(suite.db, secrets)).resolves.toBeUndefined();
  });
});
