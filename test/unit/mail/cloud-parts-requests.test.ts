import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs, mapBounded, retryAfterMs, TokenCache } from '../../../server/mail/cloud-http';
import { readServiceAccount, signAssertion } from '../../../server/mail/google/auth';

// The pure parts of the Google and Microsoft connectors that make their requests: the service
// account's key and assertion, the waits, the retries and the token cache. How they read the
// providers' replies is in cloud-parts-replies.test.ts; the HTTP is tested in test/server.

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
