import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_TENANT, startOidcProvider, type OidcStandIn } from '../../support/oidc-provider';
import { createTestWorkspace } from '../support/app';
import {
  Browser,
  cancelAtProvider,
  freePort,
  reachCallback,
  startListeningApp,
  type ListeningApp,
} from '../support/sign-in';
import { openAttempt, sealAttempt } from '../../../server/auth/login-attempt';

// Every way a return from the provider is refused with a page, never a token and never a stack.

const COOKIE_SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const ACCOUNT = 'admin@refusals.example';

let op: OidcStandIn;
let t: ListeningApp;

beforeAll(async () => {
  op = await startOidcProvider({ accounts: [{ email: ACCOUNT }] });
  t = await startListeningApp({ ...op.env, COOKIE_SECRET, SIGN_IN_RATE_LIMIT: '1000' });
  await createTestWorkspace(t.db, {
    domain: 'refusals.example',
    microsoftTenants: [STAND_IN_TENANT],
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

const tokenCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from session_tokens'))[0]?.n;

/** A refusal page: its status and heading, escaped HTML with a way back and no internals. */
async function expectPage(response: Response, status: number, title: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('location')).toBeNull();
  const html = await response.text();
  expect(html).toContain(`<h1>${title.replace(/'/g, '&#39;')}</h1>`);
  expect(html).toContain('<a href="/login">Back to sign-in</a>');
  expect(html).not.toMatch(/at .+\.(ts|js):\d+|stack|TypeError/);
  return html;
}

/**
 * Runs a refused return and checks that nothing was issued, the attempt cookie is gone and the
 * refusal was logged with its reason (and without the code).
 */
async function expectRefused(
  browser: Browser,
  callback: URL | string,
  title: string,
  reason: RegExp,
): Promise<string> {
  const before = await tokenCount();
  const logged = t.logs.length;
  const html = await expectPage(await browser.get(String(callback)), 400, title);
  expect(await tokenCount()).toBe(before);
  expect(browser.cookies(t.url).has('mp_login')).toBe(false);
  const refusals = t.logs.slice(logged).filter((line) => line.msg === 'sign-in refused');
  expect(refusals).toHaveLength(1);
  expect(refusals[0]?.reason).toMatch(reason);
  const code = new URL(callback).searchParams.get('code');
  if (code) expect(JSON.stringify(t.logs.slice(logged))).not.toContain(code);
  return html;
}

describe('a return that does not match its attempt', () => {
  it('refuses a forged state', async () => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'google-oauth2', ACCOUNT);
    callback.searchParams.set('state', 'forged-state-forged-state-forged-state-0001');
    await expectRefused(browser, callback, 'This sign-in could not be verified', /state/);
  });

  it('refuses an altered attempt cookie', async () => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'google-oauth2', ACCOUNT);
    const cookies = browser.cookies(t.url);
    const [payload = '', mac = ''] = (cookies.get('mp_login') ?? '').split('.');
    const attempt = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const altered = Buffer.from(JSON.stringify({ ...attempt, expires: 9e15 })).toString(
      'base64url',
    );
    cookies.set('mp_login', `${altered}.${mac}`);
    const html = await expectRefused(
      browser,
      callback,
      'This sign-in could not be verified',
      /^attempt forged$/,
    );
    expect(html).toContain('The sign-in attempt was altered.');
  });

  it('refuses a return without the attempt cookie (another browser)', async () => {
    const callback = await reachCallback(new Browser(), t.url, 'google-oauth2', ACCOUNT);
    await expectRefused(
      new Browser(),
      callback,
      'This sign-in was already used',
      /^attempt missing$/,
    );
  });

  it('refuses a replayed return, with or without the old cookie', async () => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'google-oauth2', ACCOUNT);
    const cookie = browser.cookies(t.url).get('mp_login') ?? '';
    const first = await browser.get(callback.href);
    expect(first.headers.get('location')).toMatch(/^\/dashboard\?code=/);
    await expectRefused(browser, callback, 'This sign-in was already used', /^attempt missing$/);
    // With the cookie put back, the provider refuses the code it already redeemed.
    browser.cookies(t.url).set('mp_login', cookie);
    await expectRefused(browser, callback, 'This sign-in could not be verified', /invalid_grant/);
  });

  it('refuses a return to the other provider than the one the sign-in started with', async () => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'google-oauth2', ACCOUNT);
    callback.pathname = '/portal/complete/microsoft-graph/';
    const html = await expectRefused(
      browser,
      callback,
      'This sign-in could not be verified',
      /^attempt started with google-oauth2$/,
    );
    expect(html).toContain('a different provider than it started with');
  });

  it('refuses an attempt older than 10 minutes', async () => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'google-oauth2', ACCOUNT);
    const cookies = browser.cookies(t.url);
    const opened = openAttempt(cookies.get('mp_login'), COOKIE_SECRET);
    if (!opened.ok) throw new Error(`the attempt cookie did not open: ${opened.reason}`);
    const expired = { ...opened.attempt, expires: Date.now() - 1000 };
    cookies.set('mp_login', sealAttempt(expired, COOKIE_SECRET));
    await expectRefused(browser, callback, 'This sign-in took too long', /^attempt expired$/);
  });
});

describe('what the provider answers', () => {
  it('refuses an error from the provider (the person cancelled)', async () => {
    const browser = new Browser();
    const callback = await cancelAtProvider(browser, t.url, 'google-oauth2');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const html = await expectRefused(
      browser,
      callback,
      'Sign-in was not completed',
      /^provider error access_denied$/,
    );
    expect(html).toContain('Google did not sign you in (access_denied).');
  });

  it.each([
    ['other-audience', /"aud"/],
    ['wrong-nonce', /"nonce"/],
    // openid-client checks no signature of a token fetched over TLS unless told to.
    ['foreign-signature', /JWT signature verification failed/],
  ] as const)('refuses an id token with %s', async (how, reason) => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'microsoft-graph', ACCOUNT);
    op.tamperNextIdToken(how);
    const html = await expectRefused(
      browser,
      callback,
      'This sign-in could not be verified',
      reason,
    );
    expect(html).toContain('did not pass our security checks');
  });

  it('still signs in after those refusals (the stand-in is not the one refusing)', async () => {
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'microsoft-graph', ACCOUNT);
    const response = await browser.get(callback.href);
    expect(response.headers.get('location')).toMatch(/^\/dashboard\?code=/);
  });
});

describe('providers that are off or unreachable', () => {
  it('answers 404 for a provider without a client, and 400 for an unknown one', async () => {
    const only = await startListeningApp({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const browser = new Browser();
      for (const path of ['login/microsoft-graph', 'complete/microsoft-graph/']) {
        const html = await expectPage(
          await browser.get(`${only.url}/portal/${path}`),
          404,
          'Sign-in with Microsoft is not available',
        );
        expect(html).toContain('This Mailpulse server is not set up for Microsoft accounts.');
      }
      const html = await expectPage(
        await browser.get(`${only.url}/portal/login/facebook`),
        400,
        'This sign-in link is not valid',
      );
      expect(html).toContain('The address was changed or is incomplete.');
    } finally {
      await only.close();
    }
  });

  it('answers 502 while the provider is down, and discovers it again once it is up', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const app = await startListeningApp({
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: op.clients.google.clientId,
      GOOGLE_CLIENT_SECRET: op.clients.google.clientSecret,
    });
    try {
      const down = await new Browser().get(`${app.url}/portal/login/google-oauth2`);
      const html = await expectPage(down, 502, 'Google sign-in is not reachable');
      expect(html).toContain('We could not reach Google. Try again in a few minutes.');
      const late = await startOidcProvider({ port });
      try {
        const up = await new Browser().get(`${app.url}/portal/login/google-oauth2`);
        expect(up.status).toBe(302);
        expect(up.headers.get('location')).toMatch(new RegExp(`^${issuer}/auth\\?`));
      } finally {
        await late.close();
      }
    } finally {
      await app.close();
    }
  });
});
