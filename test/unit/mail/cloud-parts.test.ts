import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../../../server/mail/addresses';
import { GOOGLE_FAILURES } from '../../../server/mail/google/failures';
import { MICROSOFT_FAILURES } from '../../../server/mail/microsoft/failures';
import {
  backoffMs,
  HttpError,
  mapBounded,
  retryAfterMs,
  TokenCache,
} from '../../../server/mail/cloud-http';
import { apiFailure as gmailFailure } from '../../../server/mail/google/api';
import { toSyncedMessage as fromGmail } from '../../../server/mail/google/messages';
import {
  readServiceAccount,
  signAssertion,
  tokenFailure as googleTokenFailure,
} from '../../../server/mail/google/auth';
import {
  apiFailure as graphFailure,
  toSyncedMessage as fromGraph,
  tokenFailure as microsoftTokenFailure,
} from '../../../server/mail/microsoft/graph';

// The pure parts of the Google and Microsoft connectors; the HTTP is tested in test/server.

const part = (jwt: string, index: number) =>
  JSON.parse(Buffer.from(jwt.split('.')[index] ?? '', 'base64url').toString()) as unknown;

describe('the service account assertion', () => {
  it('is an RS256 JWT for the mailbox, the metadata scope and the token URL, valid an hour', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const account = {
      client_email: 'sync@project.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const now = new Date('2026-03-02T10:00:00.900Z');
    const jwt = signAssertion(
      account,
      'ana@acme.example',
      'https://oauth2.googleapis.com/token',
      now,
    );
    expect(part(jwt, 0)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(part(jwt, 1)).toEqual({
      iss: 'sync@project.iam.gserviceaccount.com',
      sub: 'ana@acme.example',
      scope: 'https://www.googleapis.com/auth/gmail.metadata',
      aud: 'https://oauth2.googleapis.com/token',
      iat: 1772445600,
      exp: 1772449200,
    });
    const [header, claims, signature] = jwt.split('.');
    const signed = Buffer.from(`${header}.${claims}`);
    expect(verify('RSA-SHA256', signed, publicKey, Buffer.from(signature ?? '', 'base64url'))).toBe(
      true,
    );
  });
});

describe('the service account key file', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const file = {
    type: 'service_account',
    project_id: 'p',
    client_email: 'sync@p.iam.gserviceaccount.com',
    private_key: pem,
  };

  it('gives the email and key', () => {
    expect(readServiceAccount(JSON.stringify(file))).toEqual({
      client_email: file.client_email,
      private_key: pem,
    });
  });

  it.each([
    [
      'a file that is not JSON',
      'not json',
      'The service account file is not JSON: download a JSON key of the account',
    ],
    [
      'a user credential',
      JSON.stringify({ ...file, type: 'authorized_user' }),
      'The file is not a service account key ("type" is not "service_account")',
    ],
    [
      'a key without client_email',
      JSON.stringify({ ...file, client_email: undefined }),
      'The service account key has no "client_email"',
    ],
    [
      'a key that is not PEM',
      JSON.stringify({ ...file, private_key: 'abc' }),
      'The service account key\'s "private_key" is not a PEM private key',
    ],
  ])('refuses %s', (_, text, message) => {
    expect(() => readServiceAccount(text)).toThrow(message);
  });
});

describe('waiting and retrying', () => {
  const now = new Date('2026-03-02T10:00:00Z');

  it.each([
    ['7', 7000],
    [' 0 ', 0],
    ['Mon, 02 Mar 2026 10:00:30 GMT', 30_000],
    ['soon', null],
    [null, null],
  ])('reads Retry-After %j as %j ms', (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });

  it('backs off exponentially up to 32 s, each wait between half and all of it', () => {
    const retries = [0, 1, 2, 3, 4, 5, 9];
    expect(retries.map((retry) => backoffMs(retry, () => 0.999999))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 32000,
    ]);
    expect(retries.map((retry) => backoffMs(retry, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 16000,
    ]);
  });

  it('runs at most the limit at once and keeps the order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([...Array(25).keys()], 4, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await Promise.resolve();
      await Promise.resolve();
      running -= 1;
      return n * 2;
    });
    expect(results).toEqual([...Array(25).keys()].map((n) => n * 2));
    expect(most).toBe(4);
  });

  it('asks once for a token that concurrent calls share, and again shortly before it expires', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    let asked = 0;
    const cache = new TokenCache(
      async () => ({ token: `t${(asked += 1)}`, ttlS: 3600 }),
      () => now,
    );
    const signal = new AbortController().signal;
    expect(await Promise.all([cache.token(signal), cache.token(signal)])).toEqual(['t1', 't1']);
    now = new Date('2026-03-02T10:58:00Z');
    expect(await cache.token(signal)).toBe('t1');
    now = new Date('2026-03-02T10:59:30Z');
    expect(await cache.token(signal)).toBe('t2');
    cache.invalidate();
    expect(await cache.token(signal)).toBe('t3');
  });
});

describe('the providers’ failures in words', () => {
  it.each([
    [
      { error: 'invalid_grant', error_description: 'Invalid email or User ID' },
      GOOGLE_FAILURES.unknownMailbox,
    ],
    [
      { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
      GOOGLE_FAILURES.keyRefused,
    ],
    [
      { error: 'unauthorized_client', error_description: 'Client is unauthorized …' },
      GOOGLE_FAILURES.delegationDenied,
    ],
    [
      { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
      GOOGLE_FAILURES.keyRefused,
    ],
    [
      {
        error: 'invalid_grant',
        error_description: 'Invalid JWT: Token must be a short-lived token',
      },
      null,
    ],
  ])('Google token endpoint %j', (body, sentence) => {
    expect(googleTokenFailure(body)).toBe(sentence);
  });

  const gmailError = (code: number, message: string, reason: string) => ({
    error: { code, message, errors: [{ message, domain: 'global', reason }] },
  });

  it('Gmail API refusals', () => {
    expect(
      gmailFailure(
        new HttpError(400, gmailError(400, 'Mail service not enabled', 'failedPrecondition')),
      ).message,
    ).toBe(GOOGLE_FAILURES.mailNotEnabled);
    expect(
      gmailFailure(
        new HttpError(403, gmailError(403, 'Delegation denied for ana@acme.example', 'forbidden')),
      ).message,
    ).toBe(GOOGLE_FAILURES.delegationDenied);
    const other = gmailFailure(
      new HttpError(400, gmailError(400, 'Invalid id value', 'invalidArgument')),
    );
    expect(other).toMatchObject({
      message: 'Gmail refused the request (400: Invalid id value)',
      transient: false,
    });
  });

  it.each([
    [
      'AADSTS7000215: Invalid client secret provided.',
      'invalid_client',
      MICROSOFT_FAILURES.secretRefused,
    ],
    [
      "AADSTS700016: Application with identifier 'x' was not found",
      'unauthorized_client',
      MICROSOFT_FAILURES.unknownApp,
    ],
    ["AADSTS90002: Tenant 'x' not found.", 'invalid_request', MICROSOFT_FAILURES.unknownTenant],
  ])('Microsoft token endpoint %s', (description, error, sentence) => {
    expect(microsoftTokenFailure({ error, error_description: description })).toBe(sentence);
  });

  it.each([
    [404, 'ErrorInvalidUser', MICROSOFT_FAILURES.unknownMailbox],
    [404, 'MailboxNotEnabledForRESTAPI', MICROSOFT_FAILURES.notEnabled],
    [403, 'ErrorAccessDenied', MICROSOFT_FAILURES.accessDenied],
  ])('Graph %i %s', (status, code, sentence) => {
    expect(graphFailure(new HttpError(status, { error: { code, message: 'm' } })).message).toBe(
      sentence,
    );
  });
});

describe('messages as the store takes them', () => {
  it('from Gmail: id, thread, labels, SENT, internalDate and the headers asked for', () => {
    const message = fromGmail({
      id: '18c1',
      threadId: '18b0',
      labelIds: ['SENT', 'IMPORTANT'],
      internalDate: '1772445600000',
      payload: {
        headers: [
          { name: 'from', value: 'Ana <ana@acme.example>' },
          { name: 'From', value: 'second@acme.example' },
          { name: 'List-ID', value: '<list.acme.example>' },
        ],
      },
    });
    expect(message).toMatchObject({
      providerId: '18c1',
      threadKey: '18b0',
      folder: null,
      labels: ['SENT', 'IMPORTANT'],
      inSentFolder: true,
      sentAt: new Date('2026-03-02T10:00:00Z'),
    });
    expect(message.headers).toMatchObject({
      from: 'Ana <ana@acme.example>',
      listId: '<list.acme.example>',
      to: null,
      references: null,
    });
  });

  it('from Graph: conversation, folder, categories, the right time and quoted names', () => {
    const graphMessage = {
      id: 'AAMk1',
      conversationId: 'conv-1',
      internetMessageId: '<a@acme.example>',
      receivedDateTime: '2026-03-02T10:01:00Z',
      sentDateTime: '2026-03-02T10:00:00Z',
      from: { emailAddress: { name: 'Sales, "Desk"', address: 'sales@acme.example' } },
      toRecipients: [
        { emailAddress: { name: 'Carla', address: 'carla@client.example' } },
        { emailAddress: { address: 'bo@client.example' } },
      ],
      categories: ['Customer'],
      internetMessageHeaders: [{ name: 'in-reply-to', value: '<q@client.example>' }],
    };
    const sentItems = { id: 'f-sent', path: 'Sent Items', sent: true };
    const sent = fromGraph(graphMessage, sentItems, 'desk@acme.example');
    expect(sent).toMatchObject({
      providerId: 'AAMk1',
      threadKey: 'conv-1',
      folder: 'Sent Items',
      categories: ['Customer'],
      inSentFolder: true,
      sentAt: new Date('2026-03-02T10:00:00Z'),
    });
    expect(sent.headers).toMatchObject({
      messageId: '<a@acme.example>',
      inReplyTo: '<q@client.example>',
      cc: null,
    });
    expect(parseAddressList(sent.headers.from)).toEqual([
      { address: 'sales@acme.example', name: 'Sales, "Desk"' },
    ]);
    expect(parseAddressList(sent.headers.to).map((a) => a.address)).toEqual([
      'carla@client.example',
      'bo@client.example',
    ]);
    const inbox = { id: 'f-inbox', path: 'Inbox', sent: false };
    expect(fromGraph(graphMessage, inbox, 'desk@acme.example')).toMatchObject({
      folder: 'Inbox',
      inSentFolder: false,
      sentAt: new Date('2026-03-02T10:01:00Z'),
    });
    // Sent by the mailbox and filed elsewhere: dated when it was sent all the same.
    const archive = { id: 'f-archive', path: 'Archive', sent: false };
    expect(fromGraph(graphMessage, archive, 'sales@acme.example')).toMatchObject({
      folder: 'Archive',
      inSentFolder: false,
      sentAt: new Date('2026-03-02T10:00:00Z'),
    });
  });
});
