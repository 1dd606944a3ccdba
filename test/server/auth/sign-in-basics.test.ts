import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config-values';
import { htmlPage } from '../../../server/http/html-page';
import { FORWARDED_WITHOUT_TRUST } from '../../../server/http/rate-limit-key';
import { createTestApp } from '../support/app';
import { startListeningApp } from '../support/sign-in';

describe('sign-in configuration', () => {
  it('offers demo sign-in when asked for and no provider is configured, unless DEMO says otherwise', () => {
    const asked = { demoAsked: true };
    const none = loadConfig({}, asked);
    expect(none.oidc).toEqual({});
    expect(none.demoSignIn).toBe(true);
    expect(loadConfig({}).demoSignIn).toBe(false);
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google, asked).demoSignIn).toBe(false);
    expect(loadConfig({ ...google, DEMO: '1' }).demoSignIn).toBe(true);
    expect(loadConfig({ DEMO: '0' }, asked).demoSignIn).toBe(false);
  });

  it('defaults the issuers to Google and Microsoft (tenant organizations)', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
    });
    expect(config.oidc).toEqual({
      'google-oauth2': { issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 'gs' },
      'microsoft-graph': {
        issuer: 'https://login.microsoftonline.com/organizations/v2.0',
        clientId: 'm',
        clientSecret: 'ms',
      },
    });
    const tenant = loadConfig({
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
      MICROSOFT_TENANT: 'contoso.onmicrosoft.com',
    });
    expect(tenant.oidc['microsoft-graph']?.issuer).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
    );
    expect(loadConfig({}).signInRateLimit).toBe(300);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('takes a plain-http issuer only on this machine (a stand-in, local development)', () => {
    const local = loadConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GOOGLE_ISSUER: 'http://127.0.0.1:9000',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
      MICROSOFT_ISSUER: 'http://localhost:9000/tenant/v2.0',
    });
    expect(local.oidc['google-oauth2']?.issuer).toBe('http://127.0.0.1:9000');
    expect(local.oidc['microsoft-graph']?.issuer).toBe('http://localhost:9000/tenant/v2.0');
  });

  it('makes a random cookie secret per start unless COOKIE_SECRET is set', () => {
    expect(loadConfig({}).cookieSecret).not.toBe(loadConfig({}).cookieSecret);
    expect(loadConfig({}).cookieSecret.length).toBeGreaterThanOrEqual(32);
    const secret = 'x'.repeat(40);
    expect(loadConfig({ COOKIE_SECRET: secret }).cookieSecret).toBe(secret);
  });

  it.each([
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'Invalid GOOGLE_CLIENT_SECRET: it is needed with GOOGLE_CLIENT_ID',
    ],
    [
      { MICROSOFT_CLIENT_SECRET: 's' },
      'Invalid MICROSOFT_CLIENT_ID: it is needed with MICROSOFT_CLIENT_SECRET',
    ],
    [{ MICROSOFT_TENANT: 'a/b' }, 'Invalid MICROSOFT_TENANT: "a/b" is not a tenant id or domain'],
    [{ GOOGLE_ISSUER: 'accounts' }, 'Invalid GOOGLE_ISSUER: "accounts" is not a URL'],
    [
      { MICROSOFT_ISSUER: 'ftp://x' },
      'Invalid MICROSOFT_ISSUER: "ftp://x" must use https: or http:',
    ],
    [
      { GOOGLE_ISSUER: 'http://accounts.example' },
      'Invalid GOOGLE_ISSUER: "http://accounts.example" may use http: only on this machine',
    ],
    [
      { MICROSOFT_ISSUER: 'http://10.0.0.5:8443/v2.0' },
      'Invalid MICROSOFT_ISSUER: "http://10.0.0.5:8443/v2.0" may use http: only on this machine',
    ],
    [
      { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' },
      'Invalid OIDC_ISSUER: it is needed with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    ],
    [
      { OIDC_ISSUER: 'https://sso.acme.example' },
      'Invalid OIDC_CLIENT_ID: it and OIDC_CLIENT_SECRET are needed with OIDC_ISSUER',
    ],
    [
      { OIDC_ISSUER: 'http://sso.acme.example', OIDC_CLIENT_ID: 'i', OIDC_CLIENT_SECRET: 's' },
      'Invalid OIDC_ISSUER: "http://sso.acme.example" may use http: only on this machine',
    ],
    [
      { OIDC_LABEL: 'x'.repeat(61) },
      'Invalid OIDC_LABEL: it must be one line of at most 60 characters',
    ],
    [{ OIDC_LABEL: 'Sign in\nnow' }, 'Invalid OIDC_LABEL: it must be one line of at most 60'],
    [{ COOKIE_SECRET: 'short' }, 'Invalid COOKIE_SECRET: it must be at least 32 characters long'],
    [{ DEMO: 'sometimes' }, 'Invalid DEMO: "sometimes" must be true or false'],
    [{ SIGN_IN_RATE_LIMIT: '0' }, 'Invalid SIGN_IN_RATE_LIMIT: 0 is outside 1–10000'],
    [
      { TRUST_PROXY: 'maybe' },
      'Invalid TRUST_PROXY: "maybe" is not an address: give the number of reverse proxies',
    ],
    [
      { TRUST_PROXY: 'true' },
      'Invalid TRUST_PROXY: "true" would believe any client\'s X-Forwarded-For: give the number of ' +
        'reverse proxies in front of Mailpulse (1, 2…) or their addresses, a comma list of IPs or ' +
        'CIDR ranges (10.0.0.5,10.1.0.0/16)',
    ],
    [{ TRUST_PROXY: '11' }, 'Invalid TRUST_PROXY: 11 is outside 1–10 proxies'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'Invalid TRUST_PROXY: "10.0.0.0/33" is not an address'],
  ])('stops on %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the error page', () => {
  it('escapes its texts and needs nothing else to render', () => {
    const html = htmlPage('<script>x</script>', `Tom & "Jerry's"`);
    expect(html).toContain('<h1>&lt;script&gt;x&lt;/script&gt;</h1>');
    expect(html).toContain('<p>Tom &amp; &quot;Jerry&#39;s&quot;</p>');
    expect(html).toContain('<a href="/login">Back to sign-in</a>');
    expect(html).not.toMatch(/<(script|link|img)\b|src=|url\(/);
  });
});

describe('rate limits on the sign-in paths', () => {
  it('answers 429 with a page after the limit, per path and per address', async () => {
    const t = await createTestApp({ SIGN_IN_RATE_LIMIT: '2', DEMO: '0' });
    try {
      const get = (url: string, remoteAddress = '203.0.113.7') =>
        t.app.inject({ method: 'GET', url, remoteAddress });
      const paths = [
        '/portal/login/google-oauth2',
        '/portal/complete/google-oauth2/',
        `/portal/demo-login/${'a'.repeat(43)}`,
      ];
      for (const path of paths) {
        expect((await get(path)).statusCode).toBe(404);
        expect((await get(path)).statusCode).toBe(404);
        const limited = await get(path);
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(limited.headers['retry-after']).toBeDefined();
        expect(limited.body).toContain('<h1>Too many attempts</h1>');
        expect(limited.body).toContain('Wait a minute and try again.');
        expect((await get(path, '203.0.113.8')).statusCode).toBe(404);
      }
      for (let i = 0; i < 4; i += 1) expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('lets an office of fifty behind one address sign in at once, and stops a script', async () => {
    const t = await createTestApp({ DEMO: '0' });
    try {
      const statuses = async (path: string, times: number) => {
        const replies = await Promise.all(
          Array.from({ length: times }, () =>
            t.app.inject({ method: 'GET', url: path, remoteAddress: '198.51.100.20' }),
          ),
        );
        return replies.map((reply) => reply.statusCode);
      };
      // Fifty starts and fifty returns within the minute: none is refused (404: no provider here).
      for (const path of ['/portal/login/google-oauth2', '/portal/complete/google-oauth2/']) {
        expect(new Set(await statuses(path, 50))).toEqual(new Set([404]));
      }
      // A script on one path is stopped once it has made 300 requests in the minute.
      expect(new Set(await statuses('/portal/login/google-oauth2', 250))).toEqual(new Set([404]));
      expect(await statuses('/portal/login/google-oauth2', 1)).toEqual([429]);
    } finally {
      await t.close();
    }
  });

  it('says once, in the log, that X-Forwarded-For arrives while TRUST_PROXY is off', async () => {
    const warnings = async (env: Record<string, string>, headers: Record<string, string>) => {
      const t = await startListeningApp({ DEMO: '0', ...env });
      try {
        for (let i = 0; i < 3; i += 1) {
          const reply = await t.app.inject({ url: '/portal/login/google-oauth2', headers });
          expect(reply.statusCode).toBe(404);
        }
        return t.logs.filter((line) => line.msg === FORWARDED_WITHOUT_TRUST).length;
      } finally {
        await t.close();
      }
    };
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    expect(await warnings({}, forwarded)).toBe(1);
    expect(await warnings({}, {})).toBe(0);
    expect(await warnings({ TRUST_PROXY: '1' }, forwarded)).toBe(0);
  });
});
