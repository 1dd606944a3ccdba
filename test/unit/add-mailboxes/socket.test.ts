import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import {
  createValidationSocket,
  validationSocketUrl,
} from '../../../src/machines/add-mailboxes/add-mailboxes.actors';
import { FakeSocket } from './support';

/** Runs the socket actor alone; its parent records every event it reports. */
function run(addresses: string[]) {
  const reported: EventObject[] = [];
  const sockets: FakeSocket[] = [];
  const logic = createValidationSocket({
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    readToken: () => 'stored-token',
    pageUrl: () => 'https://portal.test/settings/mailboxes/add',
  });
  const parent = createMachine({
    invoke: { src: logic, input: { addresses } },
    on: { '*': { actions: ({ event }) => reported.push(event) } },
  });
  const actor = createActor(parent).start();
  const socket = sockets[0];
  if (!socket) throw new Error('no socket opened');
  return { actor, socket, reported };
}

const commands = (socket: FakeSocket) =>
  socket.sent.filter((frame) => (frame as { type: string }).type === 'command') as {
    mailboxes: string[];
  }[];

describe('the validation socket actor', () => {
  it('connects to the page host over wss on an https page', () => {
    expect(validationSocketUrl('https://portal.test/settings/mailboxes/add')).toBe(
      'wss://portal.test/portal/ws/mailbox-validation',
    );
    expect(validationSocketUrl('http://127.0.0.1:8080/x')).toBe(
      'ws://127.0.0.1:8080/portal/ws/mailbox-validation',
    );
  });

  it('signs in first and sends the addresses only after auth_ok', () => {
    const { socket, reported } = run(['a@acme.example']);
    socket.accept();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'stored-token' }]);
    socket.reply({ type: 'auth_ok' });
    expect(commands(socket)).toEqual([
      { type: 'command', command: 'check_mailboxes', mailboxes: ['a@acme.example'] },
    ]);
    socket.reply({
      type: 'check_result',
      data_dict: { email: 'a@acme.example', status: 'OK', message: '' },
    });
    expect(reported).toEqual([
      { type: 'SOCKET_READY' },
      {
        type: 'SOCKET_RESULT',
        check: { email: 'a@acme.example', status: 'OK', message: '' },
      },
    ]);
  });

  it('sends more than 500 addresses in batches, each once the previous one is answered', () => {
    const addresses = Array.from({ length: 501 }, (_, i) => `user${i}@acme.example`);
    const { socket } = run(addresses);
    socket.accept();
    socket.reply({ type: 'auth_ok' });
    expect(commands(socket).map((command) => command.mailboxes.length)).toEqual([500]);
    for (const email of addresses.slice(0, 500)) {
      socket.reply({ type: 'check_result', data_dict: { email, status: 'OK', message: '' } });
    }
    expect(commands(socket).map((command) => command.mailboxes)).toEqual([
      addresses.slice(0, 500),
      ['user500@acme.example'],
    ]);
  });

  it("reports the server's error message, and an unexpected close", () => {
    const { socket, reported } = run(['a@acme.example']);
    socket.reply({ type: 'error', message: 'Only admins can add mailboxes.' });
    socket.drop();
    expect(reported).toEqual([
      { type: 'SOCKET_FAILED', message: 'Only admins can add mailboxes.' },
      { type: 'SOCKET_CLOSED' },
    ]);
  });

  it('closes the connection when stopped, without reporting the close', () => {
    const { actor, socket, reported } = run(['a@acme.example']);
    actor.stop();
    expect(socket.closed).toBe(true);
    expect(socket.onclose).toBeNull();
    expect(reported).toEqual([]);
  });
});
