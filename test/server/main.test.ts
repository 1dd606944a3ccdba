import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { createTestDbLocation, type TestDbLocation } from './support/test-db';
import { signInCodeOf } from './support/sign-in-code';
import { AS_NPM_START, environment, exitOf, start, stop } from './support/server-process';

let location: TestDbLocation;
beforeAll(async () => {
  location = await createTestDbLocation();
});
afterAll(() => location.dispose());

describe('the server process', () => {
  it('refuses to start on a bad variable, naming it', async () => {
    const { code, stderr } = await exitOf(environment(location, { PORT: 'eighty' }));
    expect(code).toBe(1);
    expect(stderr).toContain(
      'Mailpulse cannot start. Invalid PORT: "eighty" is not a whole number',
    );
  });

  it('seeds the demo once as npm start asks, stops on SIGTERM and SIGINT, and keeps its data across restarts', async () => {
    const first = await start(environment(location), AS_NPM_START);
    expect(first.output[0]).toBe(
      'Demo sign-in is on: npm start asked for it (--demo) on a loopback address (DEMO=0 turns it off). Demo seed is on (like demo sign-in).',
    );
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(await stop(first, 'SIGTERM')).toBe(0);

    const second = await start(environment(location), AS_NPM_START);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await stop(second, 'SIGINT')).toBe(0);

    const db = await openDatabase(location.options);
    const workspaces = await db.query<{ client_name: string }>(
      'select client_name from workspaces',
    );
    const mailboxes = await db.query('select 1 from mailboxes');
    await db.close();
    expect(workspaces).toEqual([{ client_name: 'Acme' }]);
    expect(mailboxes).toHaveLength(12);
    // Two starts, the first creating the database, seeding 90 days of demo mail and rebuilding
    // its statistics: minutes on a loaded two-core machine.
  }, 180_000);

  it('prints its address once, then the demo links, and no bind line of its own', async () => {
    const env = environment(location, { LOG_LEVEL: 'info', LOG_FORMAT: 'line', DEMO: '1' });
    const running = await start(env);
    await running.lineMatching(/^demo sign-in viewer /);
    expect(await stop(running, 'SIGTERM')).toBe(0);
    const lines = running.output.flatMap((chunk) => chunk.split('\n')).filter(Boolean);
    const address = lines.filter((line) => line.includes(running.url));
    expect(address[0]).toBe(`Mailpulse listening on ${running.url}`);
    expect(address.filter((line) => !line.startsWith('demo sign-in '))).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/Server listening at|HTTP server bound to/);
    const at = lines.indexOf(`Mailpulse listening on ${running.url}`);
    expect(
      lines.slice(at + 1, at + 4).map((line) => line.split(' ').slice(0, 3).join(' ')),
    ).toEqual(['demo sign-in admin', 'demo sign-in manager', 'demo sign-in viewer']);
  }, 60_000);

  it('keeps demo sign-in and the demo seed off under NODE_ENV=production, even as npm start, and says so', async () => {
    const production = await createTestDbLocation();
    try {
      const env = environment(production, { NODE_ENV: 'production' });
      const running = await start(env, AS_NPM_START);
      const demo = await fetch(`${running.url}/portal/demo-login/${'a'.repeat(43)}`);
      expect(await stop(running, 'SIGTERM')).toBe(0);
      expect(running.output[0]).toBe(
        'Demo sign-in is off: NODE_ENV=production (set DEMO=1 to turn it on). Demo seed is off (NODE_ENV=production).',
      );
      expect(running.output.join('\n')).not.toContain('demo sign-in ');
      expect(demo.status).toBe(404);
      const db = await openDatabase(production.options);
      const workspaces = await db.query('select 1 from workspaces');
      await db.close();
      expect(workspaces).toEqual([]);
    } finally {
      await production.dispose();
    }
  }, 120_000);

  // React picks its development or production build from NODE_ENV when it is first loaded; the
  // server sets its production default before that, or "Send me one now" mixed the two builds
  // and failed (it did in the bundle, whose package imports load before the server's own code).
  it('renders a report email when started with no NODE_ENV, as npm start on a shell is', async () => {
    const env: NodeJS.ProcessEnv = environment(location, { DEMO: '1' });
    delete env.NODE_ENV;
    const running = await start(env);
    try {
      const link = (await running.lineMatching(/^demo sign-in admin /)).split(': ')[1] ?? '';
      const { token, xsrf } = await sessionFromDemoLink(link);
      const call = (path: string, body?: object) =>
        fetch(`${running.url}/portal/api/reports/${path}`, {
          method: 'POST',
          headers: {
            authorization: `Token ${token}`,
            'content-type': 'application/json',
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
          },
          body: JSON.stringify(body ?? {}),
        });
      const subscribed = await call('', { frequency: 'weekly' });
      expect(subscribed.status).toBe(201);
      const { id } = (await subscribed.json()) as { id: number };
      const sent = await call(`${id}/send`);
      expect(sent.status, await sent.clone().text()).toBe(202);
    } finally {
      expect(await stop(running, 'SIGTERM')).toBe(0);
    }
  }, 120_000);
});

/** Follows a printed demo link as the browser does: the session token and the XSRF cookie. */
async function sessionFromDemoLink(link: string) {
  const redirect = await fetch(link, { redirect: 'manual' });
  const code = signInCodeOf(redirect.headers.get('location'));
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(redirect.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const origin = new URL(link).origin;
  const reply = await fetch(`${origin}/portal/api/sign-in-code/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(reply.status).toBe(200);
  return { token: ((await reply.json()) as { token: string }).token, xsrf };
}
