import { expect } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { TestSocket } from './socket';
import { seedDemoWorkspace } from '../../../server/seed/demo';
import { issueToken } from '../../../server/auth/tokens';

const PATH = '/portal/ws/mailbox-validation';

/** The real app listening on a free port, with the demo workspace (acme.example) seeded. */
export interface ValidationApp extends TestApp {
  httpUrl: string;
  demo: { workspaceId: number; adminId: number; token: string };
  open(): Promise<TestSocket>;
  /** A socket that has sent `auth` with the token (the demo admin's by default) and got auth_ok. */
  signedIn(token?: string): Promise<TestSocket>;
}

export async function startValidationApp(): Promise<ValidationApp> {
  const t = await createTestApp();
  const httpUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const demo = await t.db.transaction(async (tx) => {
    const workspaceId = await seedDemoWorkspace(tx);
    const [ada] = await tx.query<{ user_id: number }>(
      `select user_id from users where workspace_id = $1 and email = 'ada.admin@acme.example'`,
      [workspaceId],
    );
    if (!ada) throw new Error('the demo admin is missing');
    const token = await issueToken(tx, workspaceId, ada.user_id, 1);
    return { workspaceId, adminId: ada.user_id, token };
  });
  const open = () => TestSocket.open(`${httpUrl.replace(/^http/, 'ws')}${PATH}`);
  const signedIn = async (token = demo.token) => {
    const socket = await open();
    socket.send({ type: 'auth', token });
    expect(await socket.next()).toEqual({ type: 'auth_ok' });
    return socket;
  };
  return { ...t, httpUrl, demo, open, signedIn };
}

/** The server sent this error and then closed the socket with this code. */
export async function expectRefused(socket: TestSocket, message: string, code: number) {
  expect(await socket.next()).toEqual({ type: 'error', message });
  expect((await socket.closed).code).toBe(code);
}

export const SIGN_IN_AGAIN = 'Sign in again: the token is missing, expired or revoked.';

/** One check_mailboxes over a new socket of the app at `httpUrl`, as [address, status, message]. */
export async function checkOverSocket(httpUrl: string, token: string, addresses: string[]) {
  const socket = await TestSocket.open(`${httpUrl.replace(/^http/, 'ws')}${PATH}`);
  socket.send({ type: 'auth', token });
  expect(await socket.next()).toEqual({ type: 'auth_ok' });
  const results = await socket.check(addresses);
  socket.close();
  return results.map((result) => [result.email, result.status, result.message]);
}
