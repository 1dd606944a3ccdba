import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDashboard } from '../../../server/repos/workspaces';
import { startSupersetStandin, type SupersetStandin } from '../../support/superset-standin';
import {
  client,
  createTestApp,
  createTestWorkspace,
  type TestApp,
  type TestWorkspace,
} from '../support/app';

// The embedded dashboards' routes: the Superset guest token and the dashboard a workspace is
// given (Superset, Looker Studio or none). The native dashboard is in dashboard-native.test.ts,
// the Superset client on its own in test/server/superset/superset-client.test.ts.

const UUID = '5b0c6c3e-9a43-4b52-8d8e-3f1f6c1f2a10';
const LOOKER_EMBED = 'https://lookerstudio.google.com/embed/reporting/abc123/page/p_1';
const DASHBOARD = '/portal/api/dashboard';
const GUEST_TOKEN = '/portal/api/dashboard/guest-token/';

let superset: SupersetStandin;
let t: TestApp;
let supersetWs: TestWorkspace;
let lookerWs: TestWorkspace;
let emptyWs: TestWorkspace;

const env = (overrides: Record<string, string> = {}) => ({
  SUPERSET_URL: superset.url,
  SUPERSET_USERNAME: superset.username,
  SUPERSET_PASSWORD: superset.password,
  ...overrides,
});

function payloadOf(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
}

beforeAll(async () => {
  superset = await startSupersetStandin({ dashboardUuid: UUID, tokenTtlSeconds: 10 });
  t = await createTestApp(env());
  supersetWs = await createTestWorkspace(t.db, { domain: 'superset.example' });
  lookerWs = await createTestWorkspace(t.db, { domain: 'looker.example' });
  emptyWs = await createTestWorkspace(t.db, { domain: 'empty.example' });
  // New workspaces start on the native dashboard; `none` is the ready-soon state.
  await setDashboard(t.db, emptyWs.workspaceId, { platform: null });
  await setDashboard(t.db, supersetWs.workspaceId, {
    platform: 'Superset',
    dashboard_uuid: UUID,
    name: 'Email statistics',
  });
  await setDashboard(t.db, lookerWs.workspaceId, {
    platform: 'Looker Studio',
    embedded_url: LOOKER_EMBED,
  });
});
afterAll(async () => {
  await t.close();
  await superset.close();
});
afterEach(() => {
  superset.setFailing(false);
  superset.calls.length = 0;
  vi.restoreAllMocks();
});

describe('getGuestToken', () => {
  it("gets a fresh token from Superset for the caller and the workspace's dashboard", async () => {
    const reply = await client(t.app, supersetWs.viewer.token).get(GUEST_TOKEN);
    expect(reply.statusCode).toBe(200);
    const { token } = reply.json<{ token: string }>();
    expect(token).toBe(superset.guestTokensIssued.at(-1));
    const [mailbox] = await t.db.query<{ mailbox_id: number }>(
      `select mailbox_id from mailboxes where workspace_id = $1 and email = $2`,
      [supersetWs.workspaceId, 'viewer@superset.example'],
    );
    const viewerClause = `workspace_id = ${supersetWs.workspaceId} AND mailbox_id IN (${mailbox?.mailbox_id})`;
    expect(superset.calls.map((call) => call.step)).toEqual(['login', 'csrf_token', 'guest_token']);
    const [login, csrf, guest] = superset.calls;
    expect(login?.body).toEqual({
      username: superset.username,
      password: superset.password,
      provider: 'db',
      refresh: true,
    });
    expect(csrf?.headers.authorization).toMatch(/^Bearer .+/);
    expect(guest?.headers.cookie).toMatch(/^session=[0-9a-f]+$/);
    expect(guest?.headers['x-csrftoken']).toMatch(/^[0-9a-f]+$/);
    expect(guest?.headers.referer).toBe(`${superset.url}/`);
    expect(guest?.body).toEqual({
      user: { username: 'viewer@superset.example', first_name: 'Viewer', last_name: 'User' },
      resources: [{ type: 'dashboard', id: UUID }],
      rls: [{ clause: viewerClause }],
    });
    const payload = payloadOf(token);
    expect(payload.exp).toBe(Number(payload.iat) + 10);
  });

  it('asks Superset again on every call, for every role', async () => {
    const tokens = [];
    for (const session of [supersetWs.admin, supersetWs.manager, supersetWs.viewer]) {
      const reply = await client(t.app, session.token).get(GUEST_TOKEN);
      expect(reply.statusCode).toBe(200);
      tokens.push(reply.json<{ token: string }>().token);
    }
    expect(superset.calls.filter((call) => call.step === 'login')).toHaveLength(3);
    expect(new Set(tokens).size).toBe(3);
  });

  it('answers 502 when Superset fails, logs a warning and leaks no credentials', async () => {
    superset.setFailing(true);
    const warn = vi.spyOn(t.app.log, 'warn');
    const reply = await client(t.app, supersetWs.admin.token).get(GUEST_TOKEN);
    expect(reply.statusCode).toBe(502);
    expect(reply.json()).toEqual({
      error: 'bad_gateway',
      message: 'Superset did not issue a guest token; try again in a moment.',
    });
    expect(warn).toHaveBeenCalledWith(
      { step: 'guest_token', status: 500, err: 'Superset guest_token failed: HTTP 500' },
      'Superset failed',
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(superset.password);
  });

  it('answers 502 when Superset refuses the credentials', async () => {
    const wrong = await createTestApp(env({ SUPERSET_PASSWORD: 'not-the-password' }));
    const ws = await createTestWorkspace(wrong.db, { domain: 'wrong.example' });
    await setDashboard(wrong.db, ws.workspaceId, { platform: 'Superset', dashboard_uuid: UUID });
    const reply = await client(wrong.app, ws.viewer.token).get(GUEST_TOKEN);
    await wrong.close();
    expect(reply.statusCode).toBe(502);
    expect(reply.body).not.toContain('not-the-password');
    expect(superset.calls.map((call) => call.step)).toEqual(['login']);
  });

  it('answers 502 when no Superset is configured on the server', async () => {
    const bare = await createTestApp();
    const ws = await createTestWorkspace(bare.db, { domain: 'bare.example' });
    await setDashboard(bare.db, ws.workspaceId, { platform: 'Superset', dashboard_uuid: UUID });
    const reply = await client(bare.app, ws.viewer.token).get(GUEST_TOKEN);
    await bare.close();
    expect(reply.statusCode).toBe(502);
    expect(reply.json()).toEqual({
      error: 'bad_gateway',
      message: 'Superset is not configured on this server.',
    });
  });

  it('answers 404 when the dashboard is not a Superset one, without calling Superset', async () => {
    for (const ws of [lookerWs, emptyWs]) {
      const reply = await client(t.app, ws.admin.token).get(GUEST_TOKEN);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        error: 'not_found',
        message: "This workspace's dashboard is not a Superset dashboard.",
      });
    }
    expect(superset.calls).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    for (const url of [GUEST_TOKEN, DASHBOARD]) {
      expect((await client(t.app).get(url)).statusCode).toBe(401);
    }
    expect(superset.calls).toHaveLength(0);
  });
});

describe('getDashboard', () => {
  it('gives a Superset dashboard with a fresh guest token and the frame URL', async () => {
    const reply = await client(t.app, supersetWs.manager.token).get(DASHBOARD);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      name: 'Email statistics',
      dashboard_url: null,
      dashboard_embedded_url: `${superset.url}/embedded/${UUID}`,
      dashboard_platform: 'Superset',
      dashboard_uuid: UUID,
      jwt_token: superset.guestTokensIssued.at(-1),
    });
    expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('still answers, with a null token, when Superset fails', async () => {
    superset.setFailing(true);
    const reply = await client(t.app, supersetWs.viewer.token).get(DASHBOARD);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ dashboard_platform: 'Superset', jwt_token: null });
  });

  it('gives a Looker Studio dashboard: the embed URL and the report URL', async () => {
    const reply = await client(t.app, lookerWs.viewer.token).get(DASHBOARD);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      name: 'looker.example',
      dashboard_url: 'https://lookerstudio.google.com/reporting/abc123/page/p_1',
      dashboard_embedded_url: LOOKER_EMBED,
      dashboard_platform: 'Looker Studio',
      dashboard_uuid: null,
      jwt_token: null,
    });
    expect(superset.calls).toHaveLength(0);
  });

  it('keeps a report URL that was set explicitly', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'looker2.example' });
    const report = 'https://lookerstudio.google.com/reporting/xyz';
    await setDashboard(t.db, ws.workspaceId, {
      platform: 'Looker Studio',
      embedded_url: LOOKER_EMBED,
      dashboard_url: report,
    });
    const reply = await client(t.app, ws.viewer.token).get(DASHBOARD);
    expect(reply.json()).toMatchObject({ dashboard_url: report });
  });

  it('gives nulls when no dashboard is configured', async () => {
    const reply = await client(t.app, emptyWs.admin.token).get(DASHBOARD);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      name: null,
      created: null,
      dashboard_url: null,
      dashboard_embedded_url: null,
      dashboard_platform: null,
      dashboard_uuid: null,
      jwt_token: null,
    });
  });
});
