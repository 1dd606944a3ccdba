import { describe, expect, it } from 'vitest';
import { client, createTestApp, createTestWorkspace } from '../support/app';
import { setUpTestWorkspace } from '../support/suite';

const t = setUpTestWorkspace('secure.example');

const teamBody = { name: 'Support', members: ['viewer@secure.example'] };

describe('tokens', () => {
  it('answers 401 without a token, with an unknown one and with a malformed header', async () => {
    for (const authorization of [undefined, 'Token not-a-real-token-at-all-123', 'Bearer abc']) {
      const reply = await t.app.inject({
        method: 'GET',
        url: '/portal/api/me/',
        headers: authorization ? { authorization } : {},
      });
      expect(reply.statusCode).toBe(401);
      expect(reply.json<{ error: string }>().error).toBe('unauthorized');
    }
  });

  it('knows the signed-in user', async () => {
    const reply = await client(t.app, t.ws.admin.token).get('/portal/api/me/');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      email: 'admin@secure.example',
      role: 'admin',
      client_data: { allowed_domains: ['secure.example'], provider: 'G', max_users: 10 },
    });
  });

  it('stores only a hash of the token', async () => {
    const rows = await t.db.query<{ token_hash: string }>('select token_hash from session_tokens');
    expect(rows.some((r) => r.token_hash === t.ws.admin.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses an expired token', async () => {
    const other = await createTestWorkspace(t.db, { domain: 'expired.example' });
    await t.db.query(
      `update session_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [other.admin.userId],
    );
    expect((await client(t.app, other.admin.token).get('/portal/api/me/')).statusCode).toBe(401);
  });

  it('logs out: the token is revoked on the server', async () => {
    const other = await createTestWorkspace(t.db, { domain: 'logout.example' });
    const session = client(t.app, other.viewer.token);
    expect((await session.post('/portal/expire-token/')).statusCode).toBe(204);
    expect((await session.get('/portal/api/me/')).statusCode).toBe(401);
  });
});

describe('XSRF', () => {
  it('sets the XSRF cookie on a reply when the browser has none', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
    const cookie = reply.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('refuses a write whose header does not match the cookie, and writes nothing', async () => {
    for (const headers of [
      {},
      { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
      { 'x-xsrf-token': 'abc' },
    ]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/portal/api/settings/teams/',
        headers: {
          authorization: `Token ${t.ws.admin.token}`,
          'content-type': 'application/json',
          ...headers,
        },
        payload: JSON.stringify(teamBody),
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json<{ error: string }>().error).toBe('xsrf');
    }
    expect(
      await t.db.query('select 1 from teams where workspace_id = $1', [t.ws.workspaceId]),
    ).toHaveLength(0);
  });
});

describe('replies', () => {
  it('sends the security headers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers /healthz with the kind of database and the version', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.statusCode).toBe(200);
    const { version, ...rest } = reply.json<{ version: string }>();
    expect(rest).toEqual({ status: 'ok', database: t.db.kind });
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('a server fault', () => {
  it('answers 500 with a request id and no internals', async () => {
    const broken = await createTestApp();
    const other = await createTestWorkspace(broken.db, { domain: 'fault.example' });
    // Break the query the route runs, not the token lookup before it.
    await broken.db.query('alter table workspaces rename column client_name to client_name_gone');
    const reply = await client(broken.app, other.admin.token).get('/portal/api/me/');
    await broken.close();
    expect(reply.statusCode).toBe(500);
    const body = reply.json<{ error: string; message: string; request_id: string }>();
    expect(body.error).toBe('internal');
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.body).not.toMatch(/client_name|select|at .*\.ts/);
  });
});
