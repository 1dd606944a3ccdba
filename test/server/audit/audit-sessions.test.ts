import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { issueToken, revokeToken, hashToken } from '../../../server/auth/tokens';
import { verifyChain } from '../../../server/audit/verify';
import { executeArgv } from '../../../server/cli/execute';
import { loadConfig } from '../../../server/config';
import { auditRows } from '../support/audit';
import { client, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';

// Revoked sessions in the audit log: removing a user (by an admin, or with the operator CLI)
// ends their live sessions, recorded per user with who, how many and why, in the removal's
// transaction; a refused removal ends none and records nothing.

const t = setUpTestApp('audit-sessions');

const cli = (...argv: string[]) =>
  executeArgv(
    { db: t.db, config: loadConfig({}), secrets: () => Promise.reject(new Error('no secrets')) },
    argv,
  );

/** Gives the viewer a second live session, an expired one and a signed-out one. */
async function moreViewerSessions(ws: TestWorkspace): Promise<string> {
  const { workspaceId, viewer } = ws;
  const second = await issueToken(t.db, workspaceId, viewer.userId, 30);
  await issueToken(t.db, workspaceId, viewer.userId, -1);
  const signedOut = await issueToken(t.db, workspaceId, viewer.userId, 30);
  await revokeToken(t.db, workspaceId, hashToken(signedOut));
  return second;
}

const entries = async (ws: TestWorkspace) =>
  (await auditRows(t.db, ws.workspaceId)).map((row) => ({
    operation: row.operation,
    actor: row.actor_name,
    target: [row.target_type, row.target_id, row.target_name],
    before: row.before,
    after: row.after,
  }));

const signedIn = async (token: string) =>
  (await client(t.app, token).get('/portal/api/me/')).statusCode;

describe('revoked sessions in the audit log', () => {
  it("records each removed user's ended sessions: who, how many, why, with the removal", async () => {
    const ws = await t.workspace();
    const second = await moreViewerSessions(ws);
    const reply = await t.admin(ws).delete('/portal/api/settings/users/', {
      emails: [ws.viewer.email, ws.manager.email],
    });
    expect(reply.statusCode, reply.body).toBe(204);
    const revoked = (viewer: TestWorkspace['viewer'], sessions: number) => ({
      operation: 'revokeSessions',
      actor: ws.admin.email,
      target: ['user', String(viewer.userId), viewer.email],
      before: { sessions },
      after: { sessions: 0, reason: 'user removed' },
    });
    const rows = await entries(ws);
    expect(rows.slice(0, 2)).toEqual(
      expect.arrayContaining([revoked(ws.viewer, 2), revoked(ws.manager, 1)]),
    );
    expect(rows.map((row) => row.operation)).toEqual([
      'revokeSessions',
      'revokeSessions',
      'deleteUsers',
    ]);
    const [entry] = await auditRows(t.db, ws.workspaceId);
    expect(entry).toMatchObject({ client_address: '127.0.0.1', user_agent: 'lightMyRequest' });
    expect([await signedIn(ws.viewer.token), await signedIn(second)]).toEqual([401, 401]);
    expect(await verifyChain(t.db, ws.workspaceId)).toEqual({ ok: true, entries: 3 });
  });

  it('ends no session and records nothing when the removal is refused', async () => {
    const ws = await t.workspace();
    const reply = await t.admin(ws).delete('/portal/api/settings/users/', {
      emails: [ws.viewer.email, `nobody@${ws.domain}`],
    });
    expect(reply.statusCode).toBe(400);
    expect(await entries(ws)).toEqual([]);
    expect(await signedIn(ws.viewer.token)).toBe(200);
  });

  it('records no revocation for a removed user who was not signed in', async () => {
    const ws = await t.workspace();
    const email = `new.admin@${ws.domain}`;
    const admin = t.admin(ws);
    expect(
      (await admin.post('/portal/api/settings/users/', { emails: [email], role: 'admin' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await admin.delete('/portal/api/settings/users/', { emails: [email] })).statusCode,
    ).toBe(204);
    expect((await entries(ws)).map((row) => row.operation)).toEqual(['createUsers', 'deleteUsers']);
  });

  it('records the sessions user:remove ends, by the operator', async () => {
    const ws = await t.workspace();
    await moreViewerSessions(ws);
    const removed = await cli(
      'user:remove',
      '--workspace',
      String(ws.workspaceId),
      '--email',
      ws.viewer.email.toUpperCase(),
    );
    expect(removed.code, removed.stderr.join('\n')).toBe(0);
    expect(await entries(ws)).toEqual([
      {
        operation: 'revokeSessions',
        actor: userInfo().username,
        target: ['user', String(ws.viewer.userId), ws.viewer.email],
        before: { sessions: 2 },
        after: { sessions: 0, reason: 'user removed' },
      },
      expect.objectContaining({ operation: 'user:remove' }),
    ]);
    expect(await signedIn(ws.viewer.token)).toBe(401);
    expect(await verifyChain(t.db, ws.workspaceId)).toEqual({ ok: true, entries: 2 });
  });
});
