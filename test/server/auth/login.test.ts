import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_TENANT, startOidcProvider, type OidcStandIn } from '../../support/oidc-provider';
import { client, createTestWorkspace, type TestWorkspace } from '../support/app';
import { Browser, reachCallback, startListeningApp, type ListeningApp } from '../support/sign-in';
import { tokenFromRedirect } from '../support/sign-in-code';

// The whole authorization-code flow: the real app on a loopback port, the stand-in provider,
// and a fetch-based browser following every redirect.

let op: OidcStandIn;
let t: ListeningApp;
let ws: TestWorkspace;

beforeAll(async () => {
  op = await startOidcProvider();
  t = await startListeningApp({ ...op.env, SIGN_IN_RATE_LIMIT: '1000' });
  ws = await createTestWorkspace(t.db, { domain: 'signin.example' });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

type Provider = 'google-oauth2' | 'microsoft-graph';

async function signIn(provider: Provider, label: string): Promise<Response> {
  const browser = new Browser();
  const callback = await reachCallback(browser, t.url, provider, label);
  return browser.get(callback.href);
}

const tokenOf = (response: Response) => tokenFromRedirect(t.app, response.headers.get('location'));

const tokenCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from session_tokens'))[0]?.n;

/** Sent to the login page's error box, nothing issued, and the reason logged. */
async function expectUnknownAccount(provider: Provider, label: string, reason: string) {
  const before = await tokenCount();
  const logged = t.logs.length;
  const response = await signIn(provider, label);
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/login?error=account');
  expect(await tokenCount()).toBe(before);
  expect(t.logs.slice(logged)).toContainEqual(
    expect.objectContaining({ msg: 'sign-in refused: unknown account', provider, reason }),
  );
}

describe('sign-in with Google', () => {
  it('redirects to the provider with state, nonce and PKCE, remembered in a signed cookie', async () => {
    const response = await new Browser().get(`${t.url}/portal/login/google-oauth2`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: op.clients.google.clientId,
      redirect_uri: `${t.url}/portal/complete/google-oauth2/`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(params[name]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('mp_login=')) ?? '';
    expect(cookie).toMatch(/^mp_login=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('Path=/portal/complete/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain(params.code_challenge);
  });

  it('signs a verified user in: a token for /dashboard that works, and the cookie is gone', async () => {
    op.setAccounts([{ email: 'admin@signin.example', name: 'Ada' }]);
    const browser = new Browser();
    const callback = await reachCallback(browser, t.url, 'google-oauth2', 'admin@signin.example');
    expect(browser.cookies(t.url).has('mp_login')).toBe(true);
    const response = await browser.get(callback.href);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = await tokenOf(response);
    expect(token).toBeDefined();
    expect(JSON.stringify(t.logs)).not.toContain(token);
    expect(browser.cookies(t.url).has('mp_login')).toBe(false);
    const me = await client(t.app, token).get('/portal/api/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'admin@signin.example', role: 'admin' });
    const [stored] = await t.db.query<{ days: number }>(
      `select round(extract(epoch from expires_at - created_at) / 86400)::int as days
         from session_tokens where user_id = $1 order by created_at desc limit 1`,
      [ws.admin.userId],
    );
    expect(stored?.days).toBe(30);
  });

  it('matches the address without regard to case', async () => {
    op.setAccounts([{ email: 'Viewer@SignIn.example' }]);
    const response = await signIn('google-oauth2', 'Viewer@SignIn.example');
    const me = await client(t.app, await tokenOf(response)).get('/portal/api/me/');
    expect(me.json()).toMatchObject({ email: 'viewer@signin.example', role: 'viewer' });
  });

  it('sends an address that is no user to /login?error=account, issuing nothing', async () => {
    op.setAccounts([{ email: 'stranger@signin.example' }]);
    await expectUnknownAccount(
      'google-oauth2',
      'stranger@signin.example',
      'no user with this email',
    );
  });

  it('refuses an address Google has not verified', async () => {
    op.setAccounts([{ email: 'manager@signin.example', email_verified: false }]);
    await expectUnknownAccount('google-oauth2', 'manager@signin.example', 'email not verified');
  });

  it('refuses a removed user, whose old tokens stop working too', async () => {
    const other = await createTestWorkspace(t.db, { domain: 'removed.example' });
    await t.db.query('delete from users where workspace_id = $1 and user_id = $2', [
      other.workspaceId,
      other.viewer.userId,
    ]);
    op.setAccounts([{ email: 'viewer@removed.example' }]);
    await expectUnknownAccount(
      'google-oauth2',
      'viewer@removed.example',
      'no user with this email',
    );
    expect((await client(t.app, other.viewer.token).get('/portal/api/me/')).statusCode).toBe(401);
  });
});

describe('sign-in with Microsoft', () => {
  const boundIds = async (email: string) =>
    (
      await t.db.query<{ oidc_tenant_id: string | null; oidc_object_id: string | null }>(
        'select oidc_tenant_id, oidc_object_id from users where lower(email) = lower($1)',
        [email],
      )
    )[0];

  it('binds the tenant and object ids on first sign-in and accepts the same account again', async () => {
    await createTestWorkspace(t.db, {
      domain: 'ms.example',
      provider: 'M',
      microsoftTenants: [STAND_IN_TENANT],
    });
    op.setAccounts([{ email: 'admin@ms.example', oid: 'object-1' }]);
    const first = await signIn('microsoft-graph', 'admin@ms.example');
    expect(first.status).toBe(302);
    const me = await client(t.app, await tokenOf(first)).get('/portal/api/me/');
    expect(me.json()).toMatchObject({ email: 'admin@ms.example' });
    expect(await boundIds('admin@ms.example')).toEqual({
      oidc_tenant_id: STAND_IN_TENANT,
      oidc_object_id: 'object-1',
    });
    const again = await signIn('microsoft-graph', 'admin@ms.example');
    expect(await tokenOf(again)).toBeDefined();
  });

  it('refuses the same address from another account or another tenant', async () => {
    const mismatch = 'Microsoft tenant or object id does not match';
    op.setAccounts([{ email: 'admin@ms.example', oid: 'object-2' }]);
    await expectUnknownAccount('microsoft-graph', 'admin@ms.example', mismatch);
    op.setAccounts([{ email: 'admin@ms.example', oid: 'object-1', tid: 'another-tenant' }]);
    await expectUnknownAccount(
      'microsoft-graph',
      'admin@ms.example',
      'Microsoft tenant not allowed',
    );
    expect((await boundIds('admin@ms.example'))?.oidc_object_id).toBe('object-1');
  });

  it('refuses an account already bound to another user, binding nothing', async () => {
    op.setAccounts([{ email: 'viewer@ms.example', oid: 'object-1' }]);
    await expectUnknownAccount(
      'microsoft-graph',
      'viewer@ms.example',
      'Microsoft account bound to another user',
    );
    expect(await boundIds('viewer@ms.example')).toEqual({
      oidc_tenant_id: null,
      oidc_object_id: null,
    });
  });

  it('sends an unknown Microsoft account to /login?error=account', async () => {
    op.setAccounts([{ email: 'nobody@ms.example' }]);
    await expectUnknownAccount('microsoft-graph', 'nobody@ms.example', 'no user with this email');
  });
});
