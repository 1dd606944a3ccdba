import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestWorkspace, type TestApp } from '../support/app';
import { TestSocket } from '../support/socket';
import mailboxValidationRoutes, {
  type MailboxValidationOptions,
} from '../../../server/mailbox-validation/socket';
import type {
  DirectoryWorkspace,
  MailboxDirectory,
} from '../../../server/mailbox-validation/directory';

// The socket with a directory of the test's own, on a small app that serves only this route
// (the full app always uses the default directory).

let t: TestApp;
let socketApp: FastifyInstance | null = null;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await socketApp?.close();
  socketApp = null;
});
afterAll(() => t.close());

async function connect(options: MailboxValidationOptions): Promise<TestSocket> {
  const app = Fastify({ logger: false });
  app.decorate('db', t.db);
  app.decorate('config', t.app.config);
  app.decorate('sessions', t.app.sessions);
  await app.register(websocket);
  await app.register(async (scope) => mailboxValidationRoutes(scope, options));
  socketApp = app;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return TestSocket.open(`${url.replace(/^http/, 'ws')}/portal/ws/mailbox-validation`);
}

async function signIn(socket: TestSocket, token: string) {
  socket.send({ type: 'auth', token });
  expect(await socket.next()).toEqual({ type: 'auth_ok' });
}

describe('the provider directory', () => {
  it('names Microsoft 365 for a workspace of provider M, with a list of its own', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'm365.example', provider: 'M' });
    const directory: MailboxDirectory = {
      exists: async (_, email) => email === 'known@m365.example',
    };
    const socket = await connect({ directory });
    await signIn(socket, ws.admin.token);
    expect(await socket.check(['known@m365.example', 'stranger@m365.example'])).toEqual([
      { email: 'known@m365.example', status: 'OK', message: '' },
      {
        email: 'stranger@m365.example',
        status: 'ERROR',
        message: "We couldn't find this mailbox in your Microsoft 365 organization",
      },
    ]);
  });

  it('is asked only about addresses that passed every other check, with the workspace', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'asked.example' });
    const asked: [DirectoryWorkspace, string][] = [];
    const directory: MailboxDirectory = {
      exists: async (workspace, email) => {
        asked.push([workspace, email]);
        return email.startsWith('yes');
      },
    };
    const socket = await connect({ directory });
    await signIn(socket, ws.admin.token);
    const results = await socket.check([
      'yes@asked.example',
      'no@asked.example',
      'viewer@asked.example',
      'bad@other.example',
      'yes@asked.example',
      'nonsense',
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'OK',
      'ERROR',
      'ERROR',
      'ERROR',
      'ERROR',
      'ERROR',
    ]);
    const workspace = { workspaceId: ws.workspaceId, provider: 'G' };
    expect(asked).toEqual([
      [workspace, 'yes@asked.example'],
      [workspace, 'no@asked.example'],
    ]);
  });

  it('answers a failing directory with an error and keeps the socket open', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'broken.example' });
    const directory: MailboxDirectory = {
      exists: async (_workspace, email) => {
        if (email.startsWith('boom')) throw new Error('provider unreachable');
        return true;
      },
    };
    const socket = await connect({ directory });
    await signIn(socket, ws.admin.token);
    socket.send({
      type: 'command',
      command: 'check_mailboxes',
      mailboxes: ['fine@broken.example', 'boom@broken.example', 'later@broken.example'],
    });
    expect(await socket.next()).toMatchObject({ type: 'check_result' });
    expect(await socket.next()).toEqual({
      type: 'error',
      message: 'Something went wrong on our side while checking. Try again in a moment.',
    });
    expect(await socket.check(['again@broken.example'])).toEqual([
      { email: 'again@broken.example', status: 'OK', message: '' },
    ]);
  });
});

describe('the sign-in deadline', () => {
  it('closes with 4408 when no auth arrives in time', async () => {
    const socket = await connect({ authTimeoutMs: 50 });
    expect(await socket.next()).toEqual({
      type: 'error',
      message: 'No sign-in arrived in time. Connect again and send the auth message first.',
    });
    expect((await socket.closed).code).toBe(4408);
  });
});

describe('a client that sends faster than the checks run', () => {
  it('queues up to three commands behind a running check and refuses more', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'busy.example' });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const socket = await connect({
      directory: { exists: async () => gate.then(() => true) },
    });
    await signIn(socket, ws.admin.token);
    const command = (mailboxes: string[]) => ({
      type: 'command',
      command: 'check_mailboxes',
      mailboxes,
    });
    socket.send(command(['a@busy.example', 'b@busy.example']));
    for (const local of ['c', 'd', 'e', 'f', 'g']) socket.send(command([`${local}@busy.example`]));
    const busy = {
      type: 'error',
      message: 'Wait for the current check to finish before sending another list.',
    };
    expect([await socket.next(), await socket.next()]).toEqual([busy, busy]);
    open();
    const emails: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const message = await socket.next();
      if (message.type === 'check_result') emails.push(message.data_dict.email);
    }
    expect(emails).toEqual(['a', 'b', 'c', 'd', 'e'].map((local) => `${local}@busy.example`));
  });
});
