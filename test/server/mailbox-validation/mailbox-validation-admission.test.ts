import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitingSockets } from '../../../server/mailbox-validation/admission';
import { TestSocket } from '../support/socket';
import { startValidationApp, type ValidationApp } from '../support/validation-app';

// Who may open the validation socket: pages of Mailpulse itself, and at most five sockets per
// address that have not signed in yet. Refusals come before the upgrade, as HTTP errors.

let t: ValidationApp;
beforeAll(async () => {
  t = await startValidationApp();
});
afterAll(() => t.close());

const url = () => `${t.httpUrl.replace(/^http/, 'ws')}/portal/ws/mailbox-validation`;
const ownOrigin = () => new URL(t.app.config.publicUrl).origin;

describe('the Origin of the socket', () => {
  it('refuses a page of another site with 403 before any work, and takes its own', async () => {
    expect(await TestSocket.refused(url(), { origin: 'https://evil.example' })).toEqual({
      status: 403,
      body: {
        error: 'foreign_origin',
        message: 'This socket only accepts connections from pages of Mailpulse itself.',
      },
    });
    const socket = await TestSocket.open(url(), { origin: ownOrigin() });
    socket.send({ type: 'auth', token: t.demo.token });
    expect(await socket.next()).toEqual({ type: 'auth_ok' });
    socket.close();
  });

  it('takes a page of the origin it was sent to (a proxy, a port forward), and no other', async () => {
    // Reached as localhost while PUBLIC_URL names 127.0.0.1: the Host the page connected to.
    const local = new URL(t.httpUrl);
    local.hostname = 'localhost';
    expect(local.origin).not.toBe(ownOrigin());
    const localUrl = `${local.origin.replace(/^http/, 'ws')}/portal/ws/mailbox-validation`;
    const socket = await TestSocket.open(localUrl, { origin: local.origin });
    socket.send({ type: 'auth', token: t.demo.token });
    expect(await socket.next()).toEqual({ type: 'auth_ok' });
    socket.close();
    for (const origin of ['null', `http://localhost:${Number(local.port) + 1}`]) {
      expect((await TestSocket.refused(localUrl, { origin })).status).toBe(403);
    }
  });
});

describe('sockets waiting to sign in', () => {
  it('takes five from one address, refuses a sixth with 429, and frees a place at sign-in', async () => {
    const waiting = await Promise.all(Array.from({ length: 5 }, () => TestSocket.open(url())));
    expect(await TestSocket.refused(url())).toEqual({
      status: 429,
      body: {
        error: 'rate_limited',
        message:
          'Too many connections from your address are waiting to sign in. Close some and try again.',
      },
    });
    const [first] = waiting;
    first!.send({ type: 'auth', token: t.demo.token });
    expect(await first!.next()).toEqual({ type: 'auth_ok' });
    const sixth = await TestSocket.open(url());
    expect(await TestSocket.refused(url())).toMatchObject({ status: 429 });
    for (const socket of [...waiting, sixth]) socket.close();
    await Promise.all([...waiting, sixth].map((socket) => socket.closed));
  });

  it('gives a place back once when its connection closes', () => {
    const places = new WaitingSockets(2);
    const [a, b] = [new EventEmitter(), new EventEmitter()];
    const release = places.reserve('203.0.113.7', a);
    places.reserve('203.0.113.7', b);
    expect(() => places.reserve('203.0.113.7', new EventEmitter())).toThrow(/Too many/);
    places.reserve('203.0.113.8', new EventEmitter());
    a.emit('close');
    release();
    places.reserve('203.0.113.7', new EventEmitter());
    expect(() => places.reserve('203.0.113.7', new EventEmitter())).toThrow(/Too many/);
  });
});
