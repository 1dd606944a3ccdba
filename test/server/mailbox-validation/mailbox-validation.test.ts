import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, setFeature } from '../support/app';
import {
  expectRefused,
  SIGN_IN_AGAIN,
  startValidationApp,
  type ValidationApp,
} from '../support/validation-app';
import { hashToken, issueToken, revokeToken } from '../../../server/auth/tokens';
import { removeUser } from '../../../server/repos/workspaces';

// The live mailbox validation's sign-in and access rules, on a real socket of the real app.

const PATH = '/portal/ws/mailbox-validation';

let t: ValidationApp;
beforeAll(async () => {
  t = await startValidationApp();
});
afterAll(() => t.close());

const open = () => t.open();
const signedIn = (token?: string) => t.signedIn(token);

describe('signing in on the socket', () => {
  it("answers an admin's token with auth_ok", async () => {
    const socket = await signedIn();
    socket.close();
  });

  it('refuses an unknown or malformed token and closes with 4401', async () => {
    for (const token of ['x'.repeat(43), 'short', '../../etc']) {
      const socket = await open();
      socket.send({ type: 'auth', token });
      await expectRefused(socket, SIGN_IN_AGAIN, 4401);
    }
  });

  it("refuses a manager's and a viewer's token with 4403", async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'roles.example' });
    for (const token of [ws.manager.token, ws.viewer.token]) {
      const socket = await open();
      socket.send({ type: 'auth', token });
      await expectRefused(socket, 'Only admins can add mailboxes.', 4403);
    }
  });

  it('refuses when the mailboxes feature is read-only or disabled', async () => {
    const readOnly = await createTestWorkspace(t.db, { domain: 'readonly.example' });
    await setFeature(t.db, readOnly.workspaceId, 'mailboxes', true, true);
    const disabled = await createTestWorkspace(t.db, { domain: 'disabled.example' });
    await setFeature(t.db, disabled.workspaceId, 'mailboxes', false, false);
    const cases = [
      [readOnly.admin.token, 'The mailboxes feature is read-only for this workspace.'],
      [disabled.admin.token, 'The mailboxes feature is disabled for this workspace.'],
    ] as const;
    for (const [token, message] of cases) {
      const socket = await open();
      socket.send({ type: 'auth', token });
      await expectRefused(socket, message, 4403);
    }
  });

  it('refuses a command before auth and closes with 4400', async () => {
    const socket = await open();
    socket.send({ type: 'command', command: 'check_mailboxes', mailboxes: ['sales@acme.example'] });
    await expectRefused(
      socket,
      'Sign in first: send {"type": "auth", "token": "…"} before any command.',
      4400,
    );
  });

  it('closes with 4400 on a bad message before auth', async () => {
    const socket = await open();
    socket.send('hello');
    await expectRefused(
      socket,
      'This message could not be read: messages must be JSON text.',
      4400,
    );
    const second = await open();
    second.send({ type: 'auth' });
    await expectRefused(
      second,
      'The auth message needs your token as text: {"type": "auth", "token": "…"}.',
      4400,
    );
  });

  it('answers auth and a command sent back to back in order, and refuses a second auth', async () => {
    const socket = await open();
    socket.send({ type: 'auth', token: t.demo.token });
    socket.send({ type: 'command', command: 'check_mailboxes', mailboxes: ['hr@acme.example'] });
    socket.send({ type: 'auth', token: t.demo.token });
    expect(await socket.next()).toEqual({ type: 'auth_ok' });
    expect(await socket.next()).toEqual({
      type: 'check_result',
      data_dict: { email: 'hr@acme.example', status: 'OK', message: '' },
    });
    expect(await socket.next()).toEqual({
      type: 'error',
      message: 'This connection is already signed in.',
    });
    socket.close();
  });

  it('answers a plain HTTP request with 426', async () => {
    const reply = await fetch(`${t.httpUrl}${PATH}`);
    expect(reply.status).toBe(426);
    expect(await reply.json()).toEqual({
      error: 'upgrade_required',
      message: 'This address is a websocket: connect to it with a websocket client.',
    });
  });
});

describe('access is checked again for every command', () => {
  it('closes with 4401 once the token is revoked; a new connection can sign in and continue', async () => {
    const token = await t.db.transaction((tx) =>
      issueToken(tx, t.demo.workspaceId, t.demo.adminId, 1),
    );
    const socket = await signedIn(token);
    await t.db.transaction((tx) => revokeToken(tx, t.demo.workspaceId, hashToken(token)));
    socket.send({ type: 'command', command: 'check_mailboxes', mailboxes: ['hr@acme.example'] });
    await expectRefused(socket, SIGN_IN_AGAIN, 4401);
    const again = await signedIn();
    expect(await again.check(['hr@acme.example'])).toEqual([
      { email: 'hr@acme.example', status: 'OK', message: '' },
    ]);
    again.close();
  });

  it('stops a removed user and a user who is no longer an admin', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'changes.example' });
    const removed = await signedIn(ws.admin.token);
    const demoted = await signedIn(ws.admin.token);
    await t.db.query(`update users set role = 'manager' where workspace_id = $1 and user_id = $2`, [
      ws.workspaceId,
      ws.admin.userId,
    ]);
    demoted.send({ type: 'command', command: 'check_mailboxes', mailboxes: ['a@changes.example'] });
    await expectRefused(demoted, 'Only admins can add mailboxes.', 4403);
    await t.db.transaction((tx) => removeUser(tx, ws.workspaceId, ws.admin.email));
    removed.send({ type: 'command', command: 'check_mailboxes', mailboxes: ['a@changes.example'] });
    await expectRefused(removed, SIGN_IN_AGAIN, 4401);
  });

  it('closes with 4403 once the mailboxes feature turns read-only', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'turns.example' });
    const socket = await signedIn(ws.admin.token);
    await setFeature(t.db, ws.workspaceId, 'mailboxes', true, true);
    socket.send({ type: 'command', command: 'check_mailboxes', mailboxes: ['a@turns.example'] });
    await expectRefused(socket, 'The mailboxes feature is read-only for this workspace.', 4403);
  });
});
