import type { MailboxCheck } from '../../src/api/types';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { CreateMailboxesInput } from '../../src/machines/add-mailboxes/add-mailboxes.actors';
import {
  createAddMailboxesMachine,
  MAX_RECONNECTS,
  RECONNECT_DELAY_MS,
} from '../../src/machines/add-mailboxes/add-mailboxes.machine';
import { addMailboxesView } from '../../src/machines/add-mailboxes/add-mailboxes.view';
import { dismissAllToasts, getToasts } from '../../src/stores/toast-store';
import { NOT_AN_EMAIL } from '../../common/patterns';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';
import { recordingSocket } from './support/recording-socket';
import { SimulatedClock } from './support/paths';

// Path tests prove the Add mailboxes page's states are reachable; these check what the admin
// sees and what is sent: the slots left, which entries Validate sends, the progress and the
// results, the reconnections, the errors as the server put them, and what Add creates.

const checks = transitionChecks();
const addMailboxes = createAddMailboxesMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const ANN = 'ann@acme.example';
const BOB = 'bob@acme.example';
const ok = (email: string): MailboxCheck => ({ email, status: 'OK', message: '' });
const refused = (email: string, message: string): MailboxCheck => ({
  email,
  status: 'ERROR',
  message,
});

beforeEach(() => {
  // Local noon, so the `data_from` day is the same in every timezone the tests run in.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 26, 12));
});

/** jsdom has no clipboard: the page's, as the test wants it to answer. */
const stubClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.useRealTimers();
  vi.restoreAllMocks();
  dismissAllToasts();
});

interface Options {
  /** The workspace's limit and how many it tracks: 4 and 1 leave three slots. */
  maxMailboxes?: number;
  tracked?: number;
  create?: (input: CreateMailboxesInput) => Promise<void>;
}

async function start({ maxMailboxes = 4, tracked = 1, create }: Options = {}) {
  const socket = recordingSocket();
  const clock = new SimulatedClock();
  const created: CreateMailboxesInput[] = [];
  const goBack = vi.fn<() => void>();
  const machine = addMailboxes.provide({
    actors: {
      loadTrackedCount: fromPromise<number>(async () => tracked),
      validationSocket: socket.logic,
      createMailboxes: fromPromise<void, CreateMailboxesInput>(async ({ input }) => {
        created.push(input);
        await create?.(input);
      }),
    },
    actions: { goBack },
  });
  const actor = createActor(machine, { clock, input: { maxMailboxes } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('before'));
  const view = () => addMailboxesView(actor.getSnapshot());
  /** Types the text and presses Validate. */
  const validate = (text: string) => {
    actor.send({ type: 'EDIT', text });
    actor.send({ type: 'VALIDATE' });
  };
  /** The open connection signs in and answers each check in turn. */
  const answer = (...results: MailboxCheck[]) => {
    socket.last().send({ type: 'SOCKET_READY' });
    for (const check of results) socket.last().send({ type: 'SOCKET_RESULT', check });
  };
  return { actor, socket, clock, created, goBack, view, validate, answer };
}

describe('add mailboxes: before validation', () => {
  checks.it(
    addMailboxes,
    ['assignTracked'],
    'counts the slots left from the mailboxes the workspace already tracks',
    async () => {
      const { view } = await start({ maxMailboxes: 5, tracked: 2 });
      expect(view()).toMatchObject({ stage: 'before', remaining: 3 });
      const full = await start({ maxMailboxes: 2, tracked: 2 });
      expect(full.view().remaining).toBe(0);
    },
  );

  checks.it(
    addMailboxes,
    ['assignText', 'canValidate'],
    'lists what is typed as addresses; Validate waits for an address and for room under the limit',
    async () => {
      const { actor, socket, view } = await start();
      expect(view().canValidate).toBe(false);
      actor.send({ type: 'EDIT', text: 'not-an-address' });
      expect(view()).toMatchObject({ addresses: ['not-an-address'], canValidate: false });
      actor.send({ type: 'EDIT', text: `${ANN},  ${BOB};\nnot-an-address` });
      expect(view()).toMatchObject({
        text: `${ANN},  ${BOB};\nnot-an-address`,
        addresses: [ANN, BOB, 'not-an-address'],
        enteredOverLimit: false,
        canValidate: true,
      });
      actor.send({ type: 'EDIT', text: `a@acme.example ${ANN} ${BOB} d@acme.example` });
      expect(view()).toMatchObject({ enteredOverLimit: true, canValidate: false });
      actor.send({ type: 'VALIDATE' });
      expect(view().stage).toBe('before');
      expect(socket.connections).toEqual([]);
    },
  );

  checks.it(
    addMailboxes,
    ['toggleHistoric'],
    'the historic data option turns on and off',
    async () => {
      const { actor, view } = await start();
      expect(view().historic).toBe(false);
      actor.send({ type: 'TOGGLE_HISTORIC' });
      expect(view().historic).toBe(true);
      actor.send({ type: 'TOGGLE_HISTORIC' });
      expect(view().historic).toBe(false);
    },
  );
});

describe('add mailboxes: validating', () => {
  checks.it(
    addMailboxes,
    ['startRun'],
    'Validate sends only the addresses; an entry that is none is listed as invalid unsent',
    async () => {
      const { socket, view, validate, answer } = await start();
      validate(`not-an-address ${ANN} ${BOB}`);
      expect(view()).toMatchObject({ stage: 'validating', validated: 0, submitted: 2 });
      expect(socket.connections.map((connection) => connection.addresses)).toEqual([[ANN, BOB]]);
      answer(ok(ANN), ok(BOB));
      expect(view().results?.invalid).toEqual([refused('not-an-address', NOT_AN_EMAIL)]);
    },
  );

  checks.it(
    addMailboxes,
    ['isLastCheck', 'assignCheck'],
    'shows each answer as progress, and the results, in the order entered, after the last',
    async () => {
      const { socket, view, validate } = await start();
      validate(`${ANN} not-an-address ${BOB}`);
      socket.last().send({ type: 'SOCKET_READY' });
      socket.last().send({ type: 'SOCKET_RESULT', check: refused(BOB, 'Mailbox not found') });
      expect(view()).toMatchObject({ stage: 'validating', validated: 1, submitted: 2 });
      expect(view().results).toBeNull();
      socket.last().send({ type: 'SOCKET_RESULT', check: ok(ANN) });
      expect(view()).toMatchObject({ stage: 'results', validated: 2, canCopy: true });
      expect(view().results).toEqual({
        valid: [ok(ANN)],
        invalid: [refused('not-an-address', NOT_AN_EMAIL), refused(BOB, 'Mailbox not found')],
        overLimit: false,
      });
    },
  );

  checks.it(
    addMailboxes,
    ['canReconnect', 'countReconnect', 'resetReconnects'],
    'a dropped connection shows the attempts, reconnects 3 s later, and a sign-in resets the count',
    async () => {
      const { socket, clock, view, validate, answer } = await start();
      validate(`${ANN} ${BOB}`);
      answer(ok(ANN));
      socket.last().send({ type: 'SOCKET_CLOSED' });
      expect(view()).toMatchObject({ stage: 'validating', reconnecting: true, reconnects: 0 });
      clock.increment(RECONNECT_DELAY_MS);
      expect(view()).toMatchObject({ reconnecting: false, reconnects: 1 });
      expect(socket.last().addresses).toEqual([BOB]);
      socket.last().send({ type: 'SOCKET_CLOSED' });
      clock.increment(RECONNECT_DELAY_MS);
      expect(view().reconnects).toBe(2);
      socket.last().send({ type: 'SOCKET_READY' });
      expect(view().reconnects).toBe(0);
      socket.last().send({ type: 'SOCKET_RESULT', check: ok(BOB) });
      expect(view().results?.valid).toEqual([ok(ANN), ok(BOB)]);
    },
  );

  checks.it(
    addMailboxes,
    ['canReconnect', 'resetReconnects'],
    `stops after ${MAX_RECONNECTS} reconnections; Try again starts a fresh series, keeping the answers`,
    async () => {
      const { actor, socket, clock, view, validate, answer } = await start();
      validate(`${ANN} ${BOB}`);
      answer(ok(ANN));
      for (let attempt = 0; attempt < MAX_RECONNECTS; attempt += 1) {
        socket.last().send({ type: 'SOCKET_CLOSED' });
        clock.increment(RECONNECT_DELAY_MS);
      }
      expect(view().reconnects).toBe(MAX_RECONNECTS);
      socket.last().send({ type: 'SOCKET_CLOSED' });
      expect(view()).toMatchObject({ stage: 'stopped', gaveUp: true, error: null, reconnects: 0 });
      actor.send({ type: 'RETRY' });
      expect(view()).toMatchObject({ stage: 'validating', validated: 1, reconnects: 0 });
      expect(socket.last().addresses).toEqual([BOB]);
      socket.last().send({ type: 'SOCKET_CLOSED' });
      expect(view().reconnecting).toBe(true);
    },
  );

  checks.it(
    addMailboxes,
    ['assignError', 'clearError'],
    'a refusal by the server stops validation with its message; Try again clears it',
    async () => {
      const { actor, socket, view, validate } = await start();
      validate(ANN);
      socket.last().send({ type: 'SOCKET_FAILED', message: 'Only admins can add mailboxes.' });
      expect(view()).toMatchObject({
        stage: 'stopped',
        gaveUp: false,
        error: 'Only admins can add mailboxes.',
      });
      expect(socket.last().closed).toBe(true);
      actor.send({ type: 'RETRY' });
      expect(view()).toMatchObject({ stage: 'validating', error: null });
      expect(socket.connections).toHaveLength(2);
    },
  );

  checks.it(
    addMailboxes,
    ['clearRun'],
    'Cancel returns to the text as typed, the last run’s answers and error gone',
    async () => {
      const { actor, socket, view, validate, answer } = await start();
      validate(`${ANN} ${BOB}`);
      answer(ok(ANN));
      socket.last().send({ type: 'SOCKET_FAILED', message: 'Token expired' });
      actor.send({ type: 'CANCEL' });
      expect(view()).toMatchObject({
        stage: 'before',
        text: `${ANN} ${BOB}`,
        validated: 0,
        submitted: 0,
        reconnects: 0,
        error: null,
        results: null,
      });
      actor.send({ type: 'VALIDATE' });
      expect(socket.last().addresses).toEqual([ANN, BOB]);
    },
  );
});

describe('add mailboxes: the results', () => {
  checks.it(
    addMailboxes,
    ['canAdd'],
    'Add waits for a valid address, and adds a repeated one once',
    async () => {
      const none = await start();
      none.validate(ANN);
      none.answer(refused(ANN, 'Mailbox not found'));
      expect(none.view()).toMatchObject({ stage: 'results', canAdd: false });
      none.actor.send({ type: 'ADD' });
      expect(none.created).toEqual([]);

      const twice = await start();
      twice.validate(`${ANN} ${ANN}`);
      twice.answer(ok(ANN), ok(ANN));
      expect(twice.view()).toMatchObject({ canAdd: true, results: { valid: [ok(ANN)] } });
      twice.actor.send({ type: 'ADD' });
      expect(twice.view().adding).toBe(true);
      await waitFor(twice.actor, (snapshot) => snapshot.status === 'done');
      expect(twice.created.map((input) => input.emails)).toEqual([[ANN]]);
    },
  );

  checks.it(
    addMailboxes,
    ['toastAdded', 'goBack'],
    'Add creates the valid mailboxes from today, says how many, and goes back to the list',
    async () => {
      const { actor, created, goBack, validate, answer } = await start();
      validate(`${ANN} ${BOB} not-an-address`);
      answer(ok(ANN), ok(BOB));
      actor.send({ type: 'ADD' });
      await waitFor(actor, (snapshot) => snapshot.status === 'done');
      expect(created).toEqual([{ emails: [ANN, BOB], dataFrom: '2026-11-26' }]);
      expect(getToasts()).toMatchObject([
        {
          title: '2 mailboxes added',
          description:
            'This change will be reflected in your dashboard tomorrow at 00:01 local time.',
          variant: 'success',
        },
      ]);
      expect(goBack).toHaveBeenCalledOnce();
    },
  );

  checks.it(
    addMailboxes,
    ['toggleHistoric', 'toastAdded'],
    'with historic data one mailbox is added from two years back, and the toast says so',
    async () => {
      const { actor, created, validate, answer } = await start();
      actor.send({ type: 'TOGGLE_HISTORIC' });
      validate(ANN);
      answer(ok(ANN));
      actor.send({ type: 'ADD' });
      await waitFor(actor, (snapshot) => snapshot.status === 'done');
      expect(created).toEqual([{ emails: [ANN], dataFrom: '2024-11-26' }]);
      expect(getToasts()).toMatchObject([{ title: 'Mailbox added' }]);
    },
  );

  checks.it(
    addMailboxes,
    ['assignError', 'clearError'],
    'a failed Add stays on the results with the server’s reason, and Add again clears it',
    async () => {
      const failures: unknown[] = [
        new ApiFailure({ kind: 'invalid', message: 'These mailboxes are already tracked' }),
        new Error('socket hang up'),
      ];
      const { actor, goBack, view, validate, answer } = await start({
        create: async () => {
          const failure = failures.shift();
          if (failure) throw failure;
        },
      });
      validate(ANN);
      answer(ok(ANN));
      actor.send({ type: 'ADD' });
      await waitFor(actor, (snapshot) => !snapshot.hasTag('adding'));
      expect(view()).toMatchObject({
        stage: 'results',
        error: 'These mailboxes are already tracked',
        canAdd: true,
      });
      actor.send({ type: 'ADD' });
      expect(view().error).toBeNull();
      await waitFor(actor, (snapshot) => !snapshot.hasTag('adding'));
      expect(view().error).toBe('The mailboxes could not be added. Try again in a moment.');
      expect(getToasts()).toEqual([]);
      expect(goBack).not.toHaveBeenCalled();
    },
  );

  checks.it(
    addMailboxes,
    ['copyInvalidList'],
    'Copy puts the invalid entries on the clipboard, one a line, and says so',
    async () => {
      const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
      stubClipboard(writeText);
      const { actor, validate, answer } = await start();
      validate(`${ANN} not-an-address ${BOB}`);
      answer(ok(ANN), refused(BOB, 'Mailbox not found'));
      actor.send({ type: 'COPY_INVALID' });
      await flush();
      expect(writeText).toHaveBeenCalledWith(`not-an-address\n${BOB}`);
      expect(getToasts()).toMatchObject([{ title: 'Invalid addresses copied', variant: 'info' }]);
    },
  );

  checks.it(
    addMailboxes,
    ['copyInvalidList'],
    'a clipboard that refuses shows the alert “Error copying the list”',
    async () => {
      const writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      stubClipboard(writeText);
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      const { actor, validate, answer } = await start();
      validate(ANN);
      answer(refused(ANN, 'Mailbox not found'));
      actor.send({ type: 'COPY_INVALID' });
      await flush();
      expect(alert).toHaveBeenCalledWith('Error copying the list');
      expect(getToasts()).toEqual([]);
    },
  );
});

checks.keep();
