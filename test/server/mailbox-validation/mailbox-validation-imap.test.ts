import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MAIL_SETTINGS } from '../../../server/mailbox-validation/connector-directory';
import { saveMailAccount } from '../../../server/repos/mail-accounts';
import { startDovecot, type Dovecot } from '../../support/dovecot';
import { createTestApp, createTestWorkspace, type TestApp } from '../support/app';
import { readFromDovecot, secrets, TEST_KEY } from '../support/mail-sync';
import { checkOverSocket } from '../support/validation-app';

// The add-mailboxes validation socket asking the workspace's IMAP connector (a real Dovecot).

let t: TestApp;
let url: string;
let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
  t = await createTestApp({ SECRETS_KEY: TEST_KEY.toString('hex') });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await dovecot?.close();
});

const checks = (token: string, addresses: string[]) => checkOverSocket(url, token, addresses);

describe('mailbox validation through the IMAP connector', () => {
  it('accepts what Dovecot knows and says why it refuses the rest', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'imapcheck.example' });
    await dovecot.addUser('sales@imapcheck.example');
    await readFromDovecot(t.db, ws.workspaceId, dovecot);
    expect(
      await checks(ws.admin.token, ['sales@imapcheck.example', 'ghost@imapcheck.example']),
    ).toEqual([
      ['sales@imapcheck.example', 'OK', ''],
      [
        'ghost@imapcheck.example',
        'ERROR',
        `The IMAP server 127.0.0.1:${dovecot.port} refused the login to ghost@imapcheck.example through the master user mailpulse: the mailbox does not exist there, or the master user's name or password is wrong.`,
      ],
    ]);
  });

  it('an unreachable server is named', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'imapdown.example' });
    await saveMailAccount(t.db, ws.workspaceId, {
      provider: 'imap',
      settings: { host: '127.0.0.1', port: 1, tls: false, masterUser: 'm' },
      secret: secrets.seal('pw', { workspaceId: ws.workspaceId, provider: 'imap' }),
    });
    expect(await checks(ws.admin.token, ['sales@imapdown.example'])).toEqual([
      [
        'sales@imapdown.example',
        'ERROR',
        "We couldn't reach the IMAP server 127.0.0.1:1 (connection refused). Check the host and port, or try again later.",
      ],
    ]);
  });

  it('a workspace without mail settings says so for every address', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'nosettings.example' });
    expect(await checks(ws.admin.token, ['a@nosettings.example', 'b@nosettings.example'])).toEqual([
      ['a@nosettings.example', 'ERROR', NO_MAIL_SETTINGS],
      ['b@nosettings.example', 'ERROR', NO_MAIL_SETTINGS],
    ]);
  });
});
