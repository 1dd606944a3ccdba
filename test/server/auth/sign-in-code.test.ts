import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import { client, createTestApp, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { signInCodeOf } from '../support/sign-in-code';

// Issue 44: the redirect after a sign-in carries a single-use code good for 60 seconds, which the
// app trades by POST for the session token; the token never appears in a URL.

let offsetMs = 0;
const t = setUpTestApp('code', {
  env: { DEMO: '1' },
  sessionClock: () => new Date(Date.now() + offsetMs),
});

/** Signs the user in through a user:link and answers where the sign-in redirected. */
async function signInRedirect(ws: TestWorkspace, email: string): Promise<string> {
  const [line = ''] = await runCommand(
    t.db,
    parseCommand(['user:link', '--workspace', String(ws.workspaceId), '--email', email]),
  );
  const code = /\/portal\/demo-login\/(\S+)$/.exec(line)?.[1] ?? '';
  const reply = await t.app.inject({ method: 'GET', url: `/portal/demo-login/${code}` });
  expect(reply.statusCode).toBe(302);
  return String(reply.headers.location);
}

const post = (url: string, code: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    payload: JSON.stringify({ code }),
  });
const exchange = (code: string) => post('/portal/api/sign-in-code/', code);
const peek = (code: string, token?: string) => post('/portal/api/sign-in-code/peek/', code, token);

const REFUSED = 'code: this sign-in link has expired or was already used. Sign in again.';

describe('the sign-in code', () => {
  it('redirects to the dashboard with a code, never the token, and trades it once by POST', async () => {
    offsetMs = 0;
    const ws = await t.workspace();
    const location = await signInRedirect(ws, ws.viewer.email);
    expect(location).toMatch(/^\/dashboard\?code=[A-Za-z0-9_-]{43}$/);
    const code = signInCodeOf(location) ?? '';
    const traded = await exchange(code);
    expect(traded.statusCode).toBe(200);
    expect(traded.headers['cache-control']).toBe('no-store');
    const { token } = traded.json<{ token: string }>();
    expect(location).not.toContain(token);
    const me = await client(t.app, token).get('/portal/api/me/');
    expect(me.json()).toMatchObject({ email: ws.viewer.email, role: 'viewer' });

    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'sign_in_code', message: REFUSED });
  });

  it('lets only one of two simultaneous exchanges through', async () => {
    offsetMs = 0;
    const ws = await t.workspace();
    const code = signInCodeOf(await signInRedirect(ws, ws.admin.email)) ?? '';
    const replies = await Promise.all([exchange(code), exchange(code)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    const [{ n } = { n: -1 }] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from session_tokens where workspace_id = $1 and user_id = $2',
      [ws.workspaceId, ws.admin.userId],
    );
    expect(n).toBe(2); // the workspace's own test token, and the one exchange
  });

  it('is good for 60 seconds on the server clock', async () => {
    offsetMs = 0;
    const ws = await t.workspace();
    const late = signInCodeOf(await signInRedirect(ws, ws.admin.email)) ?? '';
    const inTime = signInCodeOf(await signInRedirect(ws, ws.admin.email)) ?? '';
    offsetMs = 59_000;
    expect((await exchange(inTime)).statusCode).toBe(200);
    offsetMs = 61_000;
    const expired = await exchange(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ message: string }>().message).toBe(REFUSED);
    offsetMs = 0;
  });

  it('refuses an unknown code, and a malformed one naming the field', async () => {
    offsetMs = 0;
    expect((await exchange('a'.repeat(43))).json()).toEqual({
      error: 'sign_in_code',
      message: REFUSED,
    });
    const malformed = await exchange('not a code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toContain('code');
  });

  it('names the code user and the signed-in one on a peek, which leaves the code good', async () => {
    offsetMs = 0;
    const ws = await t.workspace();
    const code = signInCodeOf(await signInRedirect(ws, ws.viewer.email)) ?? '';
    const asked = await peek(code, ws.admin.token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      email: ws.viewer.email,
      full_name: 'Viewer User',
      signed_in_as: ws.admin.email,
    });
    expect((await peek(code)).json()).toMatchObject({ signed_in_as: null });
    expect((await peek(code, 'x'.repeat(43))).json()).toMatchObject({ signed_in_as: null });
    expect((await exchange(code)).statusCode).toBe(200);
    expect((await peek(code, ws.admin.token)).json()).toEqual({
      error: 'sign_in_code',
      message: REFUSED,
    });
  });

  it('answers 429 after the sign-in rate limit, per path and per address', async () => {
    const limited = await createTestApp({ SIGN_IN_RATE_LIMIT: '2' });
    try {
      const send = (path: string, remoteAddress = '203.0.113.44') =>
        limited.app.inject({
          method: 'POST',
          url: `/portal/api/sign-in-code/${path}`,
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ code: 'b'.repeat(43) }),
        });
      for (const path of ['', 'peek/']) {
        const statuses = [];
        for (let i = 0; i < 3; i += 1) statuses.push((await send(path)).statusCode);
        expect(statuses).toEqual([400, 400, 429]);
        expect((await send(path, '203.0.113.45')).statusCode).toBe(400);
      }
    } finally {
      await limited.close();
    }
  });
});
