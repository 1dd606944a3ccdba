import { describe, expect, it } from 'vitest';
import { signInIdentity } from '../../../server/auth/sign-in';
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import { setSignInTrust } from '../../../server/repos/workspaces';
import { auditRows } from '../support/audit';
import { client } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { tokenFromRedirect } from '../support/sign-in-code';

// Sign-ins, refused sign-ins and sign-outs in the audit log, with the provider and the client.

const t = setUpTestApp('audit-sign-in', { env: { DEMO: '1' } });
const browser = { address: '203.0.113.7', userAgent: 'Firefox/140' };

describe('the audit log of sessions', () => {
  it('records a sign-in with its provider and client, and the sign-out', async () => {
    const ws = await t.workspace();
    const [line] = await runCommand(
      t.db,
      parseCommand([
        'user:link',
        '--workspace',
        String(ws.workspaceId),
        '--email',
        ws.viewer.email,
      ]),
    );
    const code = /\/portal\/demo-login\/(\S+)$/.exec(line ?? '')?.[1] ?? '';
    const opened = await t.app.inject({
      method: 'GET',
      url: `/portal/demo-login/${code}`,
      headers: { 'user-agent': 'Firefox/140' },
    });
    expect(opened.statusCode).toBe(302);
    const token = (await tokenFromRedirect(t.app, opened.headers.location)) ?? '';
    expect((await client(t.app, token).post('/portal/expire-token/')).statusCode).toBe(204);

    const rows = (await auditRows(t.db, ws.workspaceId)).filter(
      (row) => row.target_type === 'session',
    );
    const user = {
      actor_kind: 'user',
      actor_user_id: ws.viewer.userId,
      actor_name: ws.viewer.email,
    };
    expect(rows).toMatchObject([
      { ...user, operation: 'signIn', user_agent: 'Firefox/140', after: { provider: 'link' } },
      { ...user, operation: 'signOut', before: { signed_in: true }, after: { signed_in: false } },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('records a refused sign-in in the workspace of the user, or of the address domain', async () => {
    const ws = await t.workspace();
    const now = new Date();
    const tenant = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    await t.db.transaction((tx) =>
      setSignInTrust(tx, ws.workspaceId, { microsoft_tenants: [tenant] }),
    );
    const known = { ok: true as const, email: ws.viewer.email, tenantId: tenant, objectId: 'o1' };
    expect(
      (await signInIdentity(t.db, known, now, { provider: 'microsoft-graph', client: browser })).ok,
    ).toBe(true);
    const other = { ...known, objectId: 'o2' };
    const refused = await signInIdentity(t.db, other, now, {
      provider: 'microsoft-graph',
      client: browser,
    });
    expect(refused).toEqual({ ok: false, reason: 'Microsoft tenant or object id does not match' });
    const stranger = { ok: true as const, email: `stranger@${ws.domain}` };
    await signInIdentity(t.db, stranger, now, { provider: 'google-oauth2', client: browser });

    const rows = await auditRows(t.db, ws.workspaceId);
    expect(
      rows.map((row) => [row.operation, row.actor_user_id, row.actor_name, row.after]),
    ).toEqual([
      ['signIn', ws.viewer.userId, ws.viewer.email, { provider: 'microsoft-graph' }],
      [
        'signInRefused',
        ws.viewer.userId,
        ws.viewer.email,
        {
          provider: 'microsoft-graph',
          reason: 'Microsoft tenant or object id does not match',
          tenant_id: tenant,
        },
      ],
      [
        'signInRefused',
        null,
        `stranger@${ws.domain}`,
        { provider: 'google-oauth2', reason: 'no user with this email' },
      ],
    ]);
    expect(rows.every((row) => row.client_address === '203.0.113.7')).toBe(true);
  });
});
