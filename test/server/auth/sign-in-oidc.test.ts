import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type OidcStandIn } from '../../support/oidc-provider';
import { client, createTestApp, createTestWorkspace } from '../support/app';
import { Browser, reachCallback, startListeningApp, type ListeningApp } from '../support/sign-in';
import { tokenFromRedirect } from '../support/sign-in-code';
import type { components } from '../../../openapi/portal.gen';

type Options = components['schemas']['SignInOptions'];

// Issue 46, part 2: the company's own OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID,
// OIDC_CLIENT_SECRET, OIDC_LABEL) is a third way in, with the same state, nonce and PKCE checks
// as Google's and Microsoft's, and only for an address the provider says it verified.

const LABEL = 'Continue with Acme SSO';

let op: OidcStandIn;
let t: ListeningApp;

beforeAll(async () => {
  op = await startOidcProvider();
  t = await startListeningApp({ ...op.env, OIDC_LABEL: LABEL, SIGN_IN_RATE_LIMIT: '1000' });
  await createTestWorkspace(t.db, { domain: 'sso.example' });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

async function signIn(email: string) {
  const browser = new Browser();
  return browser.get((await reachCallback(browser, t.url, 'oidc', email)).href);
}

const tokenOf = (response: Response) => tokenFromRedirect(t.app, response.headers.get('location'));

describe('the company sign-in', () => {
  it('is offered on the login page with its label, beside Google and Microsoft', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/portal/api/sign-in-options/' });
    expect(reply.json<Options>()).toMatchObject({
      google: true,
      microsoft: true,
      oidc_label: LABEL,
    });
  });

  it('starts at the provider with state, nonce and an S256 PKCE challenge', async () => {
    const started = await t.app.inject({ method: 'GET', url: '/portal/login/oidc' });
    expect(started.statusCode).toBe(302);
    const at = new URL(String(started.headers.location));
    expect(at.origin).toBe(op.issuer);
    expect(at.searchParams.get('client_id')).toBe(op.clients.company.clientId);
    expect(at.searchParams.get('redirect_uri')).toBe(`${t.url}/portal/complete/oidc/`);
    expect(at.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(at.searchParams.get(name)).toMatch(/^[\w-]{22,}$/);
    }
  });

  it('signs in a user whose address the provider verified', async () => {
    op.setAccounts([{ email: 'admin@sso.example', sub: 'kc-0001' }]);
    const response = await signIn('admin@sso.example');
    const me = await client(t.app, await tokenOf(response)).get('/portal/api/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'admin@sso.example', role: 'admin' });
  });

  it('refuses an address the provider has not verified, issuing nothing', async () => {
    op.setAccounts([{ email: 'admin@sso.example', sub: 'kc-0002', email_verified: false }]);
    const response = await signIn('admin@sso.example');
    expect(response.headers.get('location')).toBe('/login?error=account');
    expect(await tokenOf(response)).toBeUndefined();
    expect(t.logs).toContainEqual(
      expect.objectContaining({ provider: 'oidc', reason: 'email not verified' }),
    );
  });

  it('refuses an address no workspace has, as the other providers do', async () => {
    op.setAccounts([{ email: 'stranger@elsewhere.example' }]);
    const response = await signIn('stranger@elsewhere.example');
    expect(response.headers.get('location')).toBe('/login?error=account');
    expect(await tokenOf(response)).toBeUndefined();
  });
});

describe('without OIDC_ISSUER', () => {
  it('offers no third button, and its path says it is not set up', async () => {
    const t = await createTestApp({});
    try {
      const options = await t.app.inject({ method: 'GET', url: '/portal/api/sign-in-options/' });
      expect(options.json<Options>().oidc_label).toBeNull();
      const started = await t.app.inject({ method: 'GET', url: '/portal/login/oidc' });
      expect(started.statusCode).toBe(404);
      expect(started.body).toContain('Sign-in with single sign-on is not available');
    } finally {
      await t.close();
    }
  });
});
