import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_FAILURES } from '../../../server/mail/google/failures';
import { MICROSOFT_FAILURES } from '../../../server/mail/microsoft/failures';
import { saveMailAccount } from '../../../server/repos/mail-accounts';
import {
  GMAIL_METADATA,
  startGoogleStandin,
  type GoogleStandin,
} from '../../support/google-standin';
import { startGraphStandin, type GraphStandin } from '../../support/graph-standin';
import { createTestApp, createTestWorkspace, type TestApp } from '../support/app';
import { readFromGoogle, readFromGraph, secrets, TEST_KEY } from '../support/mail-sync';
import { checkOverSocket } from '../support/validation-app';

// The add-mailboxes validation socket of the real app asking Google Workspace and Microsoft 365
// (their stand-ins) and replying with each documented failure in words.

let t: TestApp;
let url: string;
let google: GoogleStandin;
let graph: GraphStandin;

beforeAll(async () => {
  [google, graph] = await Promise.all([startGoogleStandin(), startGraphStandin()]);
  google.addMailbox('ana@gcheck.example').add({ at: new Date(), labelIds: ['INBOX'] });
  google.addMailbox('off@gcheck.example').gmailEnabled = false;
  graph.addMailbox('mia@mcheck.example');
  graph.addMailbox('onprem@mcheck.example').restEnabled = false;
  graph.addMailbox('scoped@mcheck.example').accessDenied = true;
  t = await createTestApp({
    SECRETS_KEY: TEST_KEY.toString('hex'),
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GMAIL_API_URL: google.apiBaseUrl,
    MICROSOFT_LOGIN_URL: graph.loginBaseUrl,
    GRAPH_API_URL: graph.graphBaseUrl,
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await graph?.close();
});

const checks = (token: string, addresses: string[]) => checkOverSocket(url, token, addresses);

describe('validation through the Google Workspace connector', () => {
  let token: string;
  beforeAll(async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'gcheck.example', provider: 'G' });
    await readFromGoogle(t.db, ws.workspaceId, google);
    token = ws.admin.token;
  });

  it('accepts a mailbox Gmail knows; an unknown user and Gmail turned off are explained', async () => {
    expect(
      await checks(token, ['ana@gcheck.example', 'ghost@gcheck.example', 'off@gcheck.example']),
    ).toEqual([
      ['ana@gcheck.example', 'OK', ''],
      ['ghost@gcheck.example', 'ERROR', GOOGLE_FAILURES.unknownMailbox],
      ['off@gcheck.example', 'ERROR', GOOGLE_FAILURES.mailNotEnabled],
    ]);
  });

  it('domain-wide delegation not granted for the scope', async () => {
    google.delegatedScopes = ['https://www.googleapis.com/auth/gmail.readonly'];
    try {
      expect(await checks(token, ['ana@gcheck.example'])).toEqual([
        ['ana@gcheck.example', 'ERROR', GOOGLE_FAILURES.delegationDenied],
      ]);
    } finally {
      google.delegatedScopes = [GMAIL_METADATA];
    }
  });

  it("the Gmail API disabled in the service account's project", async () => {
    google.gmailApiEnabled = false;
    try {
      expect(await checks(token, ['ana@gcheck.example'])).toEqual([
        ['ana@gcheck.example', 'ERROR', GOOGLE_FAILURES.apiDisabled],
      ]);
    } finally {
      google.gmailApiEnabled = true;
    }
  });

  it('a service account key Google does not accept', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'gbadkey.example', provider: 'G' });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      type: 'service_account',
      client_email: google.serviceAccount.client_email,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    await saveMailAccount(t.db, ws.workspaceId, {
      provider: 'google',
      settings: { clientEmail: key.client_email },
      secret: secrets.seal(JSON.stringify(key), {
        workspaceId: ws.workspaceId,
        provider: 'google',
      }),
    });
    expect(await checks(ws.admin.token, ['ana@gbadkey.example'])).toEqual([
      ['ana@gbadkey.example', 'ERROR', GOOGLE_FAILURES.keyRefused],
    ]);
  });
});

describe('validation through the Microsoft 365 connector', () => {
  let token: string;
  beforeAll(async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'mcheck.example', provider: 'M' });
    await readFromGraph(t.db, ws.workspaceId, graph);
    token = ws.admin.token;
  });

  it('accepts a mailbox Graph knows and explains each mailbox it refuses', async () => {
    expect(
      await checks(token, [
        'mia@mcheck.example',
        'ghost@mcheck.example',
        'onprem@mcheck.example',
        'scoped@mcheck.example',
      ]),
    ).toEqual([
      ['mia@mcheck.example', 'OK', ''],
      ['ghost@mcheck.example', 'ERROR', MICROSOFT_FAILURES.unknownMailbox],
      ['onprem@mcheck.example', 'ERROR', MICROSOFT_FAILURES.notEnabled],
      ['scoped@mcheck.example', 'ERROR', MICROSOFT_FAILURES.accessDenied],
    ]);
  });

  it("admin consent missing for the app's permissions", async () => {
    graph.adminConsent = false;
    try {
      expect(await checks(token, ['mia@mcheck.example'])).toEqual([
        ['mia@mcheck.example', 'ERROR', MICROSOFT_FAILURES.accessDenied],
      ]);
    } finally {
      graph.adminConsent = true;
    }
  });

  it('a client secret Microsoft refuses', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'mbadkey.example', provider: 'M' });
    const { tenant, clientId } = graph.account;
    await saveMailAccount(t.db, ws.workspaceId, {
      provider: 'microsoft',
      settings: { tenant, clientId },
      secret: secrets.seal('an-expired-secret', {
        workspaceId: ws.workspaceId,
        provider: 'microsoft',
      }),
    });
    expect(await checks(ws.admin.token, ['mia@mbadkey.example'])).toEqual([
      ['mia@mbadkey.example', 'ERROR', MICROSOFT_FAILURES.secretRefused],
    ]);
  });
});
