import type { MailboxCheck } from '../../src/api/types';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type {
  CreateMailboxesInput,
  ValidationSocketInput,
} from '../../src/machines/add-mailboxes/add-mailboxes.actors';
import {
  createAddMailboxesMachine,
  MAX_RECONNECTS,
  RECONNECT_DELAY_MS,
  type AddMailboxesEvent,
} from '../../src/machines/add-mailboxes/add-mailboxes.machine';

import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';
import { recordingSocket } from './support/recording-socket';

type AddMailboxesTestActor = ReturnType<typeof start>['actor'];

// Three slots: the workspace allows 4 mailboxes and tracks 1.
const input = { maxMailboxes: 4 };
const TRACKED = 1;
const THREE_ADDRESSES = 'ann@acme.example, bob@acme.example, not-an-address';
const FOUR_ADDRESSES = 'a@acme.example b@acme.example;c@acme.example\nd@acme.example';

const ok: MailboxCheck = { email: 'ann@acme.example', status: 'OK', message: '' };

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createAddMailboxesMachine(offlineClient).provide({
    actors: {
      loadTrackedCount: actors.promise<number>('loadTrackedCount'),
      validationSocket: actors.callback<ValidationSocketInput>('validationSocket'),
      createMailboxes: actors.promise<void, CreateMailboxesInput>('createMailboxes'),
    },
    actions: {
      copyInvalidList: vi.fn<() => void>(),
      toastAdded: vi.fn<() => void>(),
      goBack: vi.fn<() => void>(),
    },
  });
  const actor = createActor(machine, { clock, input }).start();
  current = actors;
  return { actor, actors, clock };
}

let current: ControlledActors | undefined;
const fromSocket = (_: AddMailboxesTestActor, event: EventObject) =>
  current?.sendBack('validationSocket', event);

const executors = {
  EDIT: (actor, event) => actor.send(event),
  TOGGLE_HISTORIC: (actor, event) => actor.send(event),
  VALIDATE: (actor, event) => actor.send(event),
  CANCEL: (actor, event) => actor.send(event),
  RETRY: (actor, event) => actor.send(event),
  COPY_INVALID: (actor, event) => actor.send(event),
  ADD: (actor, event) => actor.send(event),
  // Sent by the socket actor as frames arrive and the connection ends.
  SOCKET_READY: fromSocket,
  SOCKET_RESULT: fromSocket,
  SOCKET_FAILED: fromSocket,
  SOCKET_CLOSED: fromSocket,
} satisfies Executors<AddMailboxesTestActor, AddMailboxesEvent>;

const failure = new ApiFailure({ kind: 'invalid', message: 'These mailboxes are already tracked' });

describe('add mailboxes machine paths', () => {
  describePathTests({
    machine: createAddMailboxesMachine(offlineClient),
    input,
    events: [
      { type: 'EDIT', text: THREE_ADDRESSES },
      { type: 'EDIT', text: FOUR_ADDRESSES },
      { type: 'TOGGLE_HISTORIC' },
      { type: 'VALIDATE' },
      { type: 'CANCEL' },
      { type: 'RETRY' },
      { type: 'COPY_INVALID' },
      { type: 'ADD' },
      { type: 'SOCKET_READY' },
      { type: 'SOCKET_RESULT', check: ok },
      { type: 'SOCKET_FAILED', message: 'Only admins can add mailboxes.' },
      { type: 'SOCKET_CLOSED' },
      { type: 'xstate.done.actor.loadTrackedCount', output: TRACKED },
      { type: 'xstate.error.actor.loadTrackedCount', error: failure },
      { type: 'xstate.done.actor.createMailboxes' },
      { type: 'xstate.error.actor.createMailboxes', error: failure },
    ],
    // What the guards read: how many addresses, how many answered, how many reconnections.
    contextKey: (context) => [context.addresses.length, context.checks.length, context.reconnects],
    start,
    executors,
  });
});

async function validating(text: string) {
  const socket = recordingSocket();
  const clock = new SimulatedClock();
  const machine = createAddMailboxesMachine(offlineClient).provide({
    actors: { loadTrackedCount: fromPromise(async () => TRACKED), validationSocket: socket.logic },
  });
  const actor = createActor(machine, { clock, input }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('before'));
  actor.send({ type: 'EDIT', text });
  actor.send({ type: 'VALIDATE' });
  return { actor, socket, clock };
}

const check = (email: string): MailboxCheck => ({ email, status: 'OK', message: '' });

describe('the connection', () => {
  it('reconnects 3 s after an unexpected close and re-sends only the unanswered addresses', async () => {
    const { actor, socket, clock } = await validating(
      'a@acme.example b@acme.example c@acme.example',
    );
    socket.last().send({ type: 'SOCKET_READY' });
    socket.last().send({ type: 'SOCKET_RESULT', check: check('a@acme.example') });
    socket.last().send({ type: 'SOCKET_CLOSED' });
    clock.increment(RECONNECT_DELAY_MS - 1);
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    clock.increment(1);
    expect(socket.connections).toHaveLength(2);
    expect(socket.last().addresses).toEqual(['b@acme.example', 'c@acme.example']);
    socket.last().send({ type: 'SOCKET_READY' });
    socket.last().send({ type: 'SOCKET_RESULT', check: check('b@acme.example') });
    socket.last().send({ type: 'SOCKET_RESULT', check: check('c@acme.example') });
    expect(actor.getSnapshot().matches({ connection: 'results' })).toBe(true);
    expect(actor.getSnapshot().context.checks.map((c) => c.email)).toEqual([
      'a@acme.example',
      'b@acme.example',
      'c@acme.example',
    ]);
  });

  it(`gives up after ${MAX_RECONNECTS} reconnection attempts without a sign-in`, async () => {
    const { actor, socket, clock } = await validating('a@acme.example');
    for (let attempt = 1; attempt <= MAX_RECONNECTS; attempt += 1) {
      socket.last().send({ type: 'SOCKET_CLOSED' });
      clock.increment(RECONNECT_DELAY_MS);
      expect(socket.connections).toHaveLength(attempt + 1);
    }
    socket.last().send({ type: 'SOCKET_CLOSED' });
    expect(actor.getSnapshot().value).toBe('gaveUp');
    clock.increment(RECONNECT_DELAY_MS * 10);
    expect(socket.connections).toHaveLength(MAX_RECONNECTS + 1);
  });

  it('stays open on results and closes on Cancel', async () => {
    const { actor, socket } = await validating('a@acme.example');
    socket.last().send({ type: 'SOCKET_READY' });
    socket.last().send({ type: 'SOCKET_RESULT', check: check('a@acme.example') });
    expect(actor.getSnapshot().matches({ connection: 'results' })).toBe(true);
    expect(socket.last().closed).toBe(false);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('before');
    expect(socket.last().closed).toBe(true);
  });
});
