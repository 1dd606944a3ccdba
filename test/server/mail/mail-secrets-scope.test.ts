import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openConnector } from '../../../server/mail/connectors';
import { getMailAccount, saveMailAccount } from '../../../server/repos/mail-accounts';
import { openSecrets } from '../../../server/workers/start';
import { mailApiUrls } from '../../../server/config';
import { syncDueMailboxes } from '../../../server/mail/sync-worker';
import { addSyncedMailbox, secrets, TEST_KEY, workerDeps } from '../support/mail-sync';
import { setUpTestApp } from '../support/suite';

// A sealed mail credential is bound to its workspace and provider (AES-GCM additional data), and
// values sealed before that are resealed when the secrets are opened after the migrations.

const suite = setUpTestApp('mailscope');

const imapSettings = { host: '127.0.0.1', port: 1, tls: false, masterUser: 'm' };

/** The format before issue 44: `v1.<key check>.<iv>.<tag>.<body>`, no additional data. */
function sealV1(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', TEST_KEY, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return ['v1', secrets.keyCheck, ...parts].join('.');
}

const config = () => loadConfig({ LOG_LEVEL: 'silent', SECRETS_KEY: TEST_KEY.toString('hex') });

describe('sealed mail credentials', () => {
  it("a value copied into another workspace's row does not open: that mailbox stops with the reason", async () => {
    const a = await suite.workspace();
    const b = await suite.workspace();
    const sealedForA = secrets.seal('a-password', { workspaceId: a.workspaceId, provider: 'imap' });
    await saveMailAccount(suite.db, a.workspaceId, {
      provider: 'imap',
      settings: imapSettings,
      secret: sealedForA,
    });
    await saveMailAccount(suite.db, b.workspaceId, {
      provider: 'imap',
      settings: imapSettings,
      secret: sealedForA,
    });
    const deps = { secrets, apis: mailApiUrls({}) };
    const reason =
      `The mail credential stored for workspace ${b.workspaceId} does not open: it was sealed ` +
      'for another workspace or provider, or is damaged; set it again with the CLI.';
    await expect(openConnector(suite.db, b.workspaceId, deps)).rejects.toThrow(reason);
    await expect(openConnector(suite.db, a.workspaceId, deps)).resolves.not.toBeNull();

    const email = `team@${b.domain}`;
    await addSyncedMailbox(suite.db, b.workspaceId, email, '2026-02-01');
    const outcomes = await syncDueMailboxes(workerDeps(suite.db), new AbortController().signal, {
      workspaceId: b.workspaceId,
    });
    expect(outcomes).toEqual([{ email, workspaceId: b.workspaceId, ok: false, error: reason }]);
    const [row] = await suite.db.query<{ status: string; last_error: string }>(
      `select m.status, s.last_error from mailboxes m join mailbox_sync s using (workspace_id, mailbox_id)
        where m.workspace_id = $1`,
      [b.workspaceId],
    );
    expect(row).toEqual({ status: 'sync_error', last_error: reason });
  });

  it('a value of the older format is resealed once at start and still opens', async () => {
    const ws = await suite.workspace();
    const scope = { workspaceId: ws.workspaceId, provider: 'imap' };
    const legacy = sealV1('old-password');
    await saveMailAccount(suite.db, ws.workspaceId, {
      provider: 'imap',
      settings: imapSettings,
      secret: legacy,
    });
    expect(() => secrets.unseal(legacy, scope)).toThrow(/damaged/);

    await openSecrets(suite.db, config());
    const resealed = (await getMailAccount(suite.db, ws.workspaceId))!.secret!;
    expect(resealed.startsWith('v2.')).toBe(true);
    expect(secrets.unseal(resealed, scope)).toBe('old-password');

    await openSecrets(suite.db, config());
    expect((await getMailAccount(suite.db, ws.workspaceId))!.secret).toBe(resealed);
  });
});
