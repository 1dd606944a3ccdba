import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import { client } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { tokenFromRedirect } from '../support/sign-in-code';

// user:link: a single-use sign-in link, valid 15 minutes, for one user of any workspace (not
// only demos), working with demo sign-in off: how a real install's first admin gets in.

const t = setUpTestApp('link', { env: { DEMO: '0' } });

/** The URL is built on PUBLIC_URL (the CLI's environment, not the test app's). */
const LINE = /^sign-in (\S+): https?:\/\/\S+\/portal\/demo-login\/(link-[A-Za-z0-9_-]{43})$/;

const link = (workspaceId: number, email: string) =>
  runCommand(
    t.db,
    parseCommand(['user:link', '--workspace', String(workspaceId), '--email', email]),
  );

const open = (code: string) => t.app.inject({ method: 'GET', url: `/portal/demo-login/${code}` });

describe('user:link', () => {
  it('prints a link that signs the user of a workspace that is no demo in once, then not', async () => {
    const ws = await t.workspace();
    const [line, ...rest] = await link(ws.workspaceId, ws.admin.email.toUpperCase());
    expect(rest).toEqual([]);
    const [, email, code] = LINE.exec(line ?? '') ?? [];
    expect(email).toBe(ws.admin.email);
    const first = await open(code ?? '');
    expect(first.statusCode).toBe(302);
    const token = await tokenFromRedirect(t.app, first.headers.location);
    const me = await client(t.app, token).get('/portal/api/me/');
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain(ws.admin.email);
    const second = await open(code ?? '');
    expect(second.statusCode).toBe(400);
    expect(second.body).toContain('This sign-in link is no longer valid');
  });

  it('lives 15 minutes: the stored code expires then, and once past it the link is refused', async () => {
    const ws = await t.workspace();
    const [line] = await link(ws.workspaceId, ws.admin.email);
    const code = LINE.exec(line ?? '')?.[2] ?? '';
    const [row] = await t.db.query<{ minutes: number }>(
      `select extract(epoch from expires_at - created_at)::int / 60 as minutes
         from demo_login_codes where workspace_id = $1`,
      [ws.workspaceId],
    );
    expect(row?.minutes).toBe(15);
    // The database's clock, moved by moving the code's times 15 minutes back.
    await t.db.query(
      `update demo_login_codes set created_at = created_at - interval '15 minutes',
              expires_at = expires_at - interval '15 minutes' where workspace_id = $1`,
      [ws.workspaceId],
    );
    const late = await open(code);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('Sign-in links work once and expire after 15 minutes.');
  });

  it('refuses an address that is not a user of the workspace, and an unknown workspace', async () => {
    const ws = await t.workspace();
    const other = await t.workspace();
    await expect(link(ws.workspaceId, `nobody@${ws.domain}`)).rejects.toThrow(
      `--email nobody@${ws.domain}: no such user in workspace ${ws.workspaceId}`,
    );
    await expect(link(ws.workspaceId, other.admin.email)).rejects.toThrow(/no such user/);
    await expect(link(999_999, ws.admin.email)).rejects.toThrow(/no such workspace/);
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from demo_login_codes where workspace_id = $1',
      [ws.workspaceId],
    );
    expect(row?.n).toBe(0);
  });
});
