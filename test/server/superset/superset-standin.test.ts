import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupersetStandin, type SupersetStandin } from '../../support/superset-standin';

const UUID = '0d3c1a6e-2f4b-4c1e-9b7a-5e8f1d2c3b4a';
let superset: SupersetStandin;

beforeAll(async () => {
  superset = await startSupersetStandin({
    dashboardUuid: UUID,
    tokenTtlSeconds: 15,
    workspaceId: 7,
  });
});
afterAll(() => superset.close());

const post = (
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  target: SupersetStandin = superset,
) =>
  fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function signIn(target: SupersetStandin = superset) {
  const credentials = { username: target.username, password: target.password, provider: 'db' };
  const login = await post('/api/v1/security/login', credentials, {}, target);
  const bearer = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
  const csrfReply = await fetch(`${target.url}/api/v1/security/csrf_token/`, {
    headers: { authorization: bearer },
  });
  const cookie = (csrfReply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = ((await csrfReply.json()) as { result: string }).result;
  return { bearer, cookie, csrf };
}

const guestBody = {
  user: { username: 'a@b.example', first_name: 'A', last_name: 'B' },
  resources: [{ type: 'dashboard', id: UUID }],
  rls: [{ clause: 'workspace_id = 7' }],
};

async function guestToken(body: unknown = guestBody, target: SupersetStandin = superset) {
  const { bearer, cookie, csrf } = await signIn(target);
  const headers = { authorization: bearer, cookie, 'x-csrftoken': csrf };
  return post('/api/v1/security/guest_token/', body, headers, target);
}

const decode = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('the stand-in Superset API', () => {
  it('refuses wrong credentials and an unknown provider', async () => {
    const body = { username: superset.username, password: 'wrong', provider: 'db', refresh: true };
    expect((await post('/api/v1/security/login', body)).status).toBe(401);
    const ldap = { ...body, password: superset.password, provider: 'ldap' };
    expect((await post('/api/v1/security/login', ldap)).status).toBe(400);
  });

  it('wants the bearer for the CSRF token', async () => {
    const reply = await fetch(`${superset.url}/api/v1/security/csrf_token/`, {
      headers: { authorization: 'Bearer made-up' },
    });
    expect(reply.status).toBe(401);
  });

  it('wants the CSRF header and the session cookie for a guest token', async () => {
    const { bearer, cookie, csrf } = await signIn();
    const path = '/api/v1/security/guest_token/';
    const noCookie = await post(path, guestBody, { authorization: bearer, 'x-csrftoken': csrf });
    expect(noCookie.status).toBe(400);
    const wrongCsrf = await post(path, guestBody, {
      authorization: bearer,
      cookie,
      'x-csrftoken': 'nope',
    });
    expect(wrongCsrf.status).toBe(400);
    const noBearer = await post(path, guestBody, { cookie, 'x-csrftoken': csrf });
    expect(noBearer.status).toBe(401);
  });

  it('refuses another dashboard and a body without rls', async () => {
    const other = { ...guestBody, resources: [{ type: 'dashboard', id: 'other' }] };
    expect((await guestToken(other)).status).toBe(400);
    expect((await guestToken({ ...guestBody, rls: undefined })).status).toBe(400);
  });

  it('refuses a token whose RLS clauses do not limit it to the workspace', async () => {
    const refused = [
      [],
      [{ clause: '' }],
      [{ dataset: 3 }],
      [{ clause: 'workspace_id = 7', dataset: 'x' }],
      [{ clause: 'mailbox_id IN (1, 2)' }],
      [{ clause: 'workspace_id = 8' }],
      [{ clause: 'workspace_id = 7 OR 1 = 1' }],
      [{ clause: 'workspace_id = 7 AND (mailbox_id = 1' }],
      [{ clause: "workspace_id = 7 AND mailbox_address = 'o'brien@x.example'" }],
      [{ clause: "mailbox_address = 'x AND workspace_id = 7'" }],
    ];
    for (const rls of refused) {
      const reply = await guestToken({ ...guestBody, rls });
      expect({ rls, status: reply.status }).toEqual({ rls, status: 400 });
    }
    const accepted = [
      [{ clause: 'workspace_id = 7 AND mailbox_id IN (1, 2)' }],
      [{ clause: "mailbox_address = 'o''brien and x' AND workspace_id = 7" }],
      [{ clause: 'mailbox_id = 3' }, { clause: 'workspace_id = 7', dataset: 12 }],
    ];
    for (const rls of accepted) {
      const reply = await guestToken({ ...guestBody, rls });
      expect({ rls, status: reply.status }).toEqual({ rls, status: 200 });
    }
  });

  it('issues a JWT whose exp is the ttl away', async () => {
    const reply = await guestToken();
    expect(reply.status).toBe(200);
    const { token } = (await reply.json()) as { token: string };
    expect(superset.guestTokensIssued.at(-1)).toBe(token);
    const [header, payload] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decode(payload);
    expect(claims).toMatchObject({
      user: guestBody.user,
      resources: guestBody.resources,
      rls_rules: [{ clause: 'workspace_id = 7' }],
      type: 'guest',
    });
    expect(claims.exp).toBe(Number(claims.iat) + 15);
  });

  it('fails guest tokens on demand', async () => {
    superset.setFailing(true);
    const failed = await guestToken();
    superset.setFailing(false);
    expect(failed.status).toBe(500);
    expect((await guestToken()).status).toBe(200);
  });

  it('starts failing when asked to', async () => {
    const failing = await startSupersetStandin({
      dashboardUuid: UUID,
      tokenTtlSeconds: 15,
      failGuestToken: true,
    });
    const reply = await guestToken(guestBody, failing);
    await failing.close();
    expect(reply.status).toBe(500);
    expect(failing.guestTokensIssued).toEqual([]);
  });
});

describe('the stand-in frame page', () => {
  it('may be framed by the app and holds the SDK handshake', async () => {
    const reply = await fetch(`${superset.url}/embedded/${UUID}?uiConfig=0`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-frame-options')).toBeNull();
    expect(reply.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' http://127.0.0.1:* http://localhost:*",
    );
    const html = await reply.text();
    expect(html).toContain('__embedded_comms__');
    expect(html).toContain(`Stand-in Superset dashboard ${UUID}`);
    expect((await fetch(`${superset.url}/embedded/another-uuid`)).status).toBe(404);
  });

  it('records what the frame received, telling issued tokens from forged ones', async () => {
    const { token } = (await (await guestToken()).json()) as { token: string };
    const origin = 'http://127.0.0.1:5173';
    const waiting = superset.waitForTokensInFrame(2, 5000);
    await post('/__standin/received', { type: 'handshake', origin });
    await post('/__standin/received', { type: 'guestToken', origin, token });
    await post('/__standin/received', { type: 'guestToken', origin, token: 'a.b.c' });
    const received = await waiting;
    expect(received).toEqual(await superset.tokensReceivedInFrame());
    expect(received).toMatchObject([
      { token, origin, issued: true, exp: decode(token.split('.')[1]).exp },
      { token: 'a.b.c', issued: false, exp: null },
    ]);
    expect(await superset.handshakesInFrame()).toMatchObject([{ origin }]);
  });

  it('says how many tokens arrived when waiting times out', async () => {
    await expect(superset.waitForTokensInFrame(99, 10)).rejects.toThrow(
      'the frame received 2 of 99 guest tokens',
    );
  });
});
