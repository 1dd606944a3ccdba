import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_TENANT, startOidcProvider, type OidcStandIn } from '../../support/oidc-provider';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { auditRows } from '../support/audit';
import { client, createTestWorkspace, type TestWorkspace } from '../support/app';
import { Browser, reachCallback, startListeningApp, type ListeningApp } from '../support/sign-in';
import { tokenFromRedirect } from '../support/sign-in-code';

// Issue 44: a provider's word is taken only where the user's workspace trusts it. A Microsoft
// account binds only from a tenant the workspace allows, with an email its tenant verified; a
// workspace on Google Workspace takes only accounts its Google Workspace hosts.

const OTHER_TENANT = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

let op: OidcStandIn;
let t: ListeningApp;

beforeAll(async () => {
  op = await startOidcProvider();
  t = await startListeningApp({ ...op.env, SIGN_IN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

const cli = (...argv: string[]) =>
  executeArgv(
    { db: t.db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets')) },
    argv,
  );

async function signIn(provider: 'google-oauth2' | 'microsoft-graph', label: string) {
  const browser = new Browser();
  const callback = await reachCallback(browser, t.url, provider, label);
  return browser.get(callback.href);
}

const tokenOf = (response: Response) => tokenFromRedirect(t.app, response.headers.get('location'));

const boundIds = async (email: string) =>
  (
    await t.db.query<{ oidc_tenant_id: string | null; oidc_object_id: string | null }>(
      'select oidc_tenant_id, oidc_object_id from users where lower(email) = lower($1)',
      [email],
    )
  )[0];

const UNBOUND = { oidc_tenant_id: null, oidc_object_id: null };

/** Sent back to the login page's error box, with nothing issued and nothing bound. */
async function expectRefused(provider: 'google-oauth2' | 'microsoft-graph', email: string) {
  const response = await signIn(provider, email);
  expect(response.headers.get('location')).toBe('/login?error=account');
  expect(await tokenOf(response)).toBeUndefined();
}

async function expectSignedIn(provider: 'google-oauth2' | 'microsoft-graph', email: string) {
  const response = await signIn(provider, email);
  const me = await client(t.app, await tokenOf(response)).get('/portal/api/me/');
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ email });
}

const refusals = async (ws: TestWorkspace) =>
  (await auditRows(t.db, ws.workspaceId))
    .filter((row) => row.operation === 'signInRefused')
    .map((row) => [row.actor_name, row.after]);

describe('Microsoft sign-in takes only tenants the workspace allows', () => {
  it('refuses a token from an unlisted tenant carrying the admin address, binding nothing', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'victim.example', provider: 'M' });
    await cli(
      'workspace:set',
      '--workspace',
      String(ws.workspaceId),
      '--microsoft-tenants',
      STAND_IN_TENANT,
    );
    op.setAccounts([{ email: ws.admin.email, tid: OTHER_TENANT, oid: 'attacker' }]);
    await expectRefused('microsoft-graph', ws.admin.email);
    expect(await boundIds(ws.admin.email)).toEqual(UNBOUND);
    expect(await refusals(ws)).toEqual([
      [
        ws.admin.email,
        {
          provider: 'microsoft-graph',
          reason: 'Microsoft tenant not allowed',
          tenant_id: OTHER_TENANT,
        },
      ],
    ]);
    // The real admin, from the allowed tenant, still gets in and binds.
    op.setAccounts([{ email: ws.admin.email, oid: 'real-admin' }]);
    await expectSignedIn('microsoft-graph', ws.admin.email);
    expect(await boundIds(ws.admin.email)).toEqual({
      oidc_tenant_id: STAND_IN_TENANT,
      oidc_object_id: 'real-admin',
    });
  });

  it('refuses every tenant while the workspace allows none', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'none-allowed.example', provider: 'M' });
    op.setAccounts([{ email: ws.admin.email, oid: 'none-allowed-admin' }]);
    await expectRefused('microsoft-graph', ws.admin.email);
    expect(await boundIds(ws.admin.email)).toEqual(UNBOUND);
  });

  it("allows the tenant of the workspace's mail:microsoft account", async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'mail-tenant.example', provider: 'M' });
    await t.db.query(
      `insert into mail_accounts (workspace_id, provider, settings, secret)
       values ($1, 'microsoft', $2, 'sealed')`,
      [ws.workspaceId, JSON.stringify({ tenant: STAND_IN_TENANT.toUpperCase(), clientId: 'c' })],
    );
    op.setAccounts([{ email: ws.admin.email, oid: 'mail-tenant-admin' }]);
    await expectSignedIn('microsoft-graph', ws.admin.email);
    expect((await boundIds(ws.admin.email))?.oidc_object_id).toBe('mail-tenant-admin');
  });
});

describe('Microsoft sign-in takes only an email its tenant verified', () => {
  let ws: TestWorkspace;
  beforeAll(async () => {
    ws = await createTestWorkspace(t.db, { domain: 'verified.example', provider: 'M' });
    await cli(
      'workspace:set',
      '--workspace',
      String(ws.workspaceId),
      '--microsoft-tenants',
      STAND_IN_TENANT,
    );
  });

  it('refuses preferred_username alone, binding nothing', async () => {
    op.setAccounts([{ preferred_username: ws.manager.email, oid: 'pu-only' }]);
    await expectRefused('microsoft-graph', ws.manager.email);
    expect(await boundIds(ws.manager.email)).toEqual(UNBOUND);
  });

  it('refuses an email without xms_edov that is not the UPN', async () => {
    op.setAccounts([{ email: ws.manager.email, xms_edov: null, upn: `other@${ws.domain}` }]);
    await expectRefused('microsoft-graph', ws.manager.email);
    op.setAccounts([{ email: ws.manager.email, xms_edov: false }]);
    await expectRefused('microsoft-graph', ws.manager.email);
    expect(await boundIds(ws.manager.email)).toEqual(UNBOUND);
  });

  it('accepts an email that is the UPN of a user of the allowed tenant', async () => {
    const upn = ws.manager.email.toUpperCase();
    op.setAccounts([{ email: ws.manager.email, xms_edov: null, upn, oid: 'by-upn' }]);
    await expectSignedIn('microsoft-graph', ws.manager.email);
    expect((await boundIds(ws.manager.email))?.oidc_object_id).toBe('by-upn');
  });
});

describe('user:unbind', () => {
  it('frees a binding, ending its sessions, and the next sign-in binds anew', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'unbind.example', provider: 'M' });
    const id = String(ws.workspaceId);
    await cli('workspace:set', '--workspace', id, '--microsoft-tenants', STAND_IN_TENANT);
    op.setAccounts([{ email: ws.admin.email, oid: 'first' }]);
    await expectSignedIn('microsoft-graph', ws.admin.email);
    op.setAccounts([{ email: ws.admin.email, oid: 'second' }]);
    await expectRefused('microsoft-graph', ws.admin.email);

    const unbound = await cli('user:unbind', '--workspace', id, '--email', ws.admin.email);
    expect(unbound).toEqual({
      code: 0,
      stderr: [],
      stdout: [
        `workspace ${id}: ${ws.admin.email} unbound from Microsoft account first of tenant ${STAND_IN_TENANT}`,
      ],
    });
    expect(await boundIds(ws.admin.email)).toEqual(UNBOUND);
    expect((await client(t.app, ws.admin.token).get('/portal/api/me/')).statusCode).toBe(401);
    const entry = (await auditRows(t.db, ws.workspaceId)).find(
      (r) => r.operation === 'user:unbind',
    );
    expect(entry).toMatchObject({
      actor_kind: 'cli',
      target_type: 'user',
      target_name: ws.admin.email,
    });

    await expectSignedIn('microsoft-graph', ws.admin.email);
    expect((await boundIds(ws.admin.email))?.oidc_object_id).toBe('second');
  });

  it('refuses an unknown user or one with nothing bound, changing nothing', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'unbind-none.example', provider: 'M' });
    const id = String(ws.workspaceId);
    expect(await cli('user:unbind', '--workspace', id, '--email', `nobody@${ws.domain}`)).toEqual({
      code: 2,
      stdout: [],
      stderr: [`error: --email nobody@${ws.domain}: no such user in workspace ${id}`],
    });
    expect(await cli('user:unbind', '--workspace', id, '--email', ws.viewer.email)).toEqual({
      code: 2,
      stdout: [],
      stderr: [`error: --email ${ws.viewer.email}: no Microsoft account is bound to it`],
    });
    expect((await client(t.app, ws.viewer.token).get('/portal/api/me/')).statusCode).toBe(200);
    expect(await auditRows(t.db, ws.workspaceId)).toEqual([]);
  });
});

describe('Google sign-in on a Google Workspace domain', () => {
  it('takes only accounts whose hd is the address domain once the workspace says so', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'gsuite.example' });
    op.setAccounts([{ email: ws.viewer.email }]);
    await expectSignedIn('google-oauth2', ws.viewer.email);
    await cli(
      'workspace:set',
      '--workspace',
      String(ws.workspaceId),
      '--google-workspace-domain',
      'true',
    );
    await expectRefused('google-oauth2', ws.viewer.email);
    op.setAccounts([{ email: ws.viewer.email, hd: 'elsewhere.example' }]);
    await expectRefused('google-oauth2', ws.viewer.email);
    expect((await refusals(ws)).map(([, after]) => after)).toEqual([
      { provider: 'google-oauth2', reason: 'Google Workspace domain (hd) does not match' },
      { provider: 'google-oauth2', reason: 'Google Workspace domain (hd) does not match' },
    ]);
    op.setAccounts([{ email: ws.viewer.email, hd: 'GSuite.example' }]);
    await expectSignedIn('google-oauth2', ws.viewer.email);
  });
});
