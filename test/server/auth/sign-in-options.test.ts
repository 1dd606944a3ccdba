import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { seedDemoWorkspace } from '../../../server/seed/demo';
import type { components } from '../../../openapi/portal.gen';

type Options = components['schemas']['SignInOptions'];
type Link = components['schemas']['DemoSignInLink'];
type Failure = { message: string };

// The login page's ways in: configured providers and, while demo sign-in is on, its users.

const options = (t: TestApp) =>
  t.app.inject({ method: 'GET', url: '/portal/api/sign-in-options/' });
const ask = (t: TestApp, body: object) =>
  t.app.inject({ method: 'POST', url: '/portal/api/demo-sign-in/', payload: body });

describe('while demo sign-in is on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1' });
    await t.db.transaction((tx) => seedDemoWorkspace(tx));
  });
  afterAll(() => t.close());

  it('lists the demo users, admin first, and no provider', async () => {
    const reply = await options(t);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<Options>();
    expect(body.google).toBe(false);
    expect(body.microsoft).toBe(false);
    expect(body.oidc_label).toBeNull();
    expect(body.demo_users.map((u) => [u.role, u.email])).toEqual([
      ['admin', 'ada.admin@acme.example'],
      ['manager', 'max.manager@acme.example'],
      ['viewer', 'vera.viewer@acme.example'],
    ]);
  });

  it('hands out a fresh link that signs the user in once', async () => {
    const viewer = (await options(t)).json<Options>().demo_users[2];
    if (!viewer) throw new Error('the demo has no viewer');
    const made = await ask(t, { workspace_id: viewer.workspace_id, user_id: viewer.user_id });
    expect(made.statusCode).toBe(201);
    const { url } = made.json<Link>();
    expect(url).toMatch(/^\/portal\/demo-login\/[A-Za-z0-9_-]{43}$/);
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toMatch(/^\/dashboard\?code=/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(400);
    const again = (
      await ask(t, { workspace_id: viewer.workspace_id, user_id: viewer.user_id })
    ).json<Link>();
    expect(again.url).not.toBe(url);
  });

  it('refuses a user outside the demo workspaces with 404 and a bad body with 400', async () => {
    const unknown = await ask(t, { workspace_id: 1, user_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Failure>().message).toBe('No such demo user.');
    const bad = await ask(t, { workspace_id: 'one' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('while demo sign-in is off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '0' });
    await t.db.transaction((tx) => seedDemoWorkspace(tx));
  });
  afterAll(() => t.close());

  it('lists no demo user and makes no link', async () => {
    expect((await options(t)).json<Options>().demo_users).toEqual([]);
    const [user] = await t.db.query<{ workspace_id: number; user_id: number }>(
      'select workspace_id, user_id from users order by user_id limit 1',
    );
    const refused = await ask(t, { workspace_id: user?.workspace_id, user_id: user?.user_id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<Failure>().message).toBe('Demo sign-in is off on this server.');
  });
});
