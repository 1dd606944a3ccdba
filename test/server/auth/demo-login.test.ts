import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { client, createTestApp, createTestWorkspace, type TestApp } from '../support/app';
import { seedDemoWorkspace } from '../../../server/seed/demo';
import { createDemoSignInLinks } from '../../../server/auth/demo-login';
import { tokenFromRedirect } from '../support/sign-in-code';

// Demo sign-in: the lines printed at start, and single-use, 24-hour codes.

const LINE =
  /^demo sign-in (admin|manager|viewer) (\S+@acme\.example): http:\/\/portal\.example\/portal\/demo-login\/([A-Za-z0-9_-]{43})$/;

let t: TestApp;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  demoId = await t.db.transaction((tx) => seedDemoWorkspace(tx));
  await createTestWorkspace(t.db, { domain: 'not-demo.example' });
});
afterAll(() => t.close());

/** Fresh links, keyed by email, as a start prints them. */
async function links(): Promise<Map<string, string>> {
  const lines = await createDemoSignInLinks(t.db, 'http://portal.example/');
  return new Map(lines.map((line) => [LINE.exec(line)?.[2] ?? line, LINE.exec(line)?.[3] ?? '']));
}

const open = (code: string) => t.app.inject({ method: 'GET', url: `/portal/demo-login/${code}` });

function expectNoLongerValid(reply: Awaited<ReturnType<typeof open>>) {
  expect(reply.statusCode).toBe(400);
  expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(reply.body).toContain('<h1>This sign-in link is no longer valid</h1>');
  expect(reply.body).toContain('Demo sign-in links work once and expire after 24 hours.');
  expect(reply.headers.location).toBeUndefined();
}

describe('the demo sign-in lines printed at start', () => {
  it('has one line per user of each demo workspace, admin first, and stores only hashes', async () => {
    const lines = await createDemoSignInLinks(t.db, 'http://portal.example/');
    expect(lines.map((line) => LINE.exec(line)?.slice(1, 3))).toEqual([
      ['admin', 'ada.admin@acme.example'],
      ['manager', 'max.manager@acme.example'],
      ['viewer', 'vera.viewer@acme.example'],
    ]);
    const codes = lines.map((line) => LINE.exec(line)?.[3] ?? '');
    const stored = await t.db.query<{ code_hash: string; hours: number; workspace_id: number }>(
      `select code_hash, workspace_id,
              round(extract(epoch from expires_at - created_at) / 3600)::int as hours
         from demo_login_codes where code_hash = any($1::text[])`,
      [codes.map((code) => createHash('sha256').update(code).digest('hex'))],
    );
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.hours === 24 && row.workspace_id === demoId)).toBe(true);
    const plain = await t.db.query('select 1 from demo_login_codes where code_hash = any($1)', [
      codes,
    ]);
    expect(plain).toHaveLength(0);
  });

  it('marks the seeded Acme workspace, and only it, as a demo', async () => {
    const rows = await t.db.query<{ client_name: string; is_demo: boolean }>(
      'select client_name, is_demo from workspaces order by workspace_id',
    );
    expect(rows).toEqual([
      { client_name: 'Acme', is_demo: true },
      { client_name: 'not-demo.example', is_demo: false },
    ]);
  });

  it('makes fresh codes on every start', async () => {
    const first = await links();
    const second = await links();
    expect(second.get('ada.admin@acme.example')).not.toBe(first.get('ada.admin@acme.example'));
  });
});

describe('opening a demo sign-in link', () => {
  it('signs the user in once: a working token for /dashboard, then the link is spent', async () => {
    const code = (await links()).get('max.manager@acme.example') ?? '';
    const first = await open(code);
    expect(first.statusCode).toBe(302);
    expect(first.headers['cache-control']).toBe('no-store');
    const token = await tokenFromRedirect(t.app, first.headers.location);
    const me = await client(t.app, token).get('/portal/api/me/');
    expect(me.json()).toMatchObject({ email: 'max.manager@acme.example', role: 'manager' });
    expectNoLongerValid(await open(code));
  });

  it('lets only one of two simultaneous uses through', async () => {
    const code = (await links()).get('vera.viewer@acme.example') ?? '';
    const replies = await Promise.all([open(code), open(code)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([302, 400]);
  });

  it('refuses an expired code and an unknown one', async () => {
    const code = (await links()).get('ada.admin@acme.example') ?? '';
    await t.db.query(
      `update demo_login_codes set expires_at = now() - interval '1 second' where code_hash = $1`,
      [createHash('sha256').update(code).digest('hex')],
    );
    expectNoLongerValid(await open(code));
    expectNoLongerValid(await open('A'.repeat(43)));
  });

  it('refuses a code once its workspace is no longer a demo', async () => {
    const code = (await links()).get('ada.admin@acme.example') ?? '';
    await t.db.query('update workspaces set is_demo = false where workspace_id = $1', [demoId]);
    try {
      expectNoLongerValid(await open(code));
    } finally {
      await t.db.query('update workspaces set is_demo = true where workspace_id = $1', [demoId]);
    }
  });

  it('answers a malformed code with the invalid-link page', async () => {
    const reply = await open('short');
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('<h1>This sign-in link is not valid</h1>');
  });
});

describe('with demo sign-in off', () => {
  it('refuses even a valid code, leaving it unused', async () => {
    const off = await createTestApp({ DEMO: '0' });
    try {
      await off.db.transaction((tx) => seedDemoWorkspace(tx));
      const [line = ''] = await createDemoSignInLinks(off.db, 'http://portal.example');
      const code = LINE.exec(line)?.[3] ?? '';
      const reply = await off.app.inject({ method: 'GET', url: `/portal/demo-login/${code}` });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).toContain('<h1>Demo sign-in is off</h1>');
      const used = await off.db.query('select 1 from demo_login_codes where used_at is not null');
      expect(used).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});
