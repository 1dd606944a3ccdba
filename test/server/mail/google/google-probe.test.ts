import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_BEARER_GRANT, signAssertion } from '../../../../server/mail/google/auth';
import { createGoogleConnector } from '../../../../server/mail/google/connector';
import { GOOGLE_FAILURES } from '../../../../server/mail/google/failures';
import {
  GMAIL_METADATA,
  startGoogleStandin,
  type GoogleStandin,
} from '../../../support/google-standin';
import { recordingSleep } from '../../support/cloud-sync';

// The probe behind the add-mailboxes validation, and the service account's tokens.

let google: GoogleStandin;

beforeAll(async () => {
  google = await startGoogleStandin();
  const known = google.addMailbox('ana@acme.example');
  known.add({ at: new Date(), labelIds: ['INBOX'] });
  known.add({ at: new Date(), labelIds: ['SENT'] });
  google.addMailbox('ben@acme.example');
  google.addMailbox('off@acme.example').gmailEnabled = false;
});
afterAll(() => google.close());

function connector(serviceAccount = google.serviceAccount, now?: () => Date) {
  return createGoogleConnector(
    { serviceAccount },
    { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl },
    { sleep: recordingSleep().sleep, ...(now ? { now } : {}) },
  );
}

const tokenRequestsFor = (sub: string) => google.tokenRequests.filter((r) => r.sub === sub);

describe('Google probe', () => {
  it('finds a mailbox and gives its message count', async () => {
    expect(await connector().probe('Ana@acme.example')).toEqual({ ok: true, messageCount: 2 });
  });

  it.each([
    ['an unknown mailbox', 'nobody@acme.example', GOOGLE_FAILURES.unknownMailbox],
    ['Gmail turned off for the user', 'off@acme.example', GOOGLE_FAILURES.mailNotEnabled],
  ])('explains %s', async (_, address, reason) => {
    expect(await connector().probe(address)).toEqual({ ok: false, reason });
  });

  it('explains a delegation that was not granted', async () => {
    google.delegatedScopes = ['https://www.googleapis.com/auth/calendar'];
    try {
      const result = await connector().probe('ben@acme.example');
      expect(result).toEqual({ ok: false, reason: GOOGLE_FAILURES.delegationDenied });
      expect(tokenRequestsFor('ben@acme.example').at(-1)?.error).toBe('unauthorized_client');
    } finally {
      google.delegatedScopes = [GMAIL_METADATA];
    }
  });

  it('is refused a token when the assertion is signed with another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = {
      ...google.serviceAccount,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const result = await connector(forged).probe('ana@acme.example');
    expect(result).toEqual({ ok: false, reason: GOOGLE_FAILURES.keyRefused });
    expect(tokenRequestsFor('ana@acme.example').at(-1)?.error).toBe('invalid_grant');
  });
});

describe('Google tokens', () => {
  it('keeps one token per mailbox until shortly before it expires', async () => {
    // Starts just under an hour back, so the first token is nearly spent when the clock moves.
    let now = new Date(Date.now() - 3590_000);
    const google1 = connector(google.serviceAccount, () => now);
    const before = google.tokenRequests.length;
    await google1.probe('ana@acme.example');
    await google1.probe('ana@acme.example');
    await google1.probe('ben@acme.example');
    expect(google.tokenRequests.slice(before).map((r) => r.sub)).toEqual([
      'ana@acme.example',
      'ben@acme.example',
    ]);
    now = new Date();
    expect(await google1.probe('ana@acme.example')).toMatchObject({ ok: true });
    expect(google.tokenRequests.slice(before)).toHaveLength(3);
  });

  it('asks for a new token once when the API refuses the cached one', async () => {
    const google1 = connector();
    await google1.probe('ana@acme.example');
    const before = tokenRequestsFor('ana@acme.example').length;
    google.revokeTokens();
    expect(await google1.probe('ana@acme.example')).toEqual({ ok: true, messageCount: 2 });
    expect(tokenRequestsFor('ana@acme.example')).toHaveLength(before + 1);
    const refused = google.server.calls.filter(
      (call) => call.status === 401 && call.method === 'GET',
    );
    expect(refused).toHaveLength(1);
  });
});

describe('the stand-in batch endpoint', () => {
  async function tokenFor(sub: string): Promise<string> {
    const assertion = signAssertion(google.serviceAccount, sub, google.tokenUrl, new Date());
    const reply = await fetch(google.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }),
    });
    return ((await reply.json()) as { access_token: string }).access_token;
  }

  it("checks each part's token against the mailbox in its path; a part's own header wins", async () => {
    const [ana, ben] = await Promise.all([
      tokenFor('ana@acme.example'),
      tokenFor('ben@acme.example'),
    ]);
    const part = (path: string, extra = '') =>
      `--b\r\nContent-Type: application/http\r\nContent-ID: <${path.length}>\r\n\r\n` +
      `GET /gmail/v1/users/${path}/profile\r\n${extra}\r\n`;
    const reply = await fetch(`${google.apiBaseUrl}/batch/gmail/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana}`, 'content-type': 'multipart/mixed; boundary=b' },
      body:
        part('ana@acme.example') +
        part('ben@acme.example') +
        part('ben%40acme.example', `Authorization: Bearer ${ben}\r\n`) +
        '--b--\r\n',
    });
    const text = await reply.text();
    expect(reply.status).toBe(200);
    expect([...text.matchAll(/^HTTP\/1\.1 (\d+)/gm)].map((m) => m[1])).toEqual([
      '200',
      '403',
      '200',
    ]);
    expect(text).toContain('Delegation denied for ana@acme.example');
  });
});
