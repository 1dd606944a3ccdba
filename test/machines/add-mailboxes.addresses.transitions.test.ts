import { describe, expect } from 'vitest';
import {
  MAX_RECONNECTS,
  RECONNECT_DELAY_MS,
} from '../../src/machines/add-mailboxes/add-mailboxes.machine';
import { NOT_AN_EMAIL } from '../../common/patterns';
import {
  addMailboxes,
  ANN,
  BOB,
  ok,
  refused,
  setUpAddMailboxesTests,
  startAddMailboxes as start,
} from './support/add-mailboxes';
import { transitionChecks } from './support/checks';

// Path tests prove the Add mailboxes page's states are reachable; these check what the admin
// sees and what is sent before the results: the slots left, which entries Validate sends, the
// progress, the reconnections and the errors as the server put them. What the results show and
// what Add creates is in add-mailboxes.results.transitions.test.ts.

const checks = transitionChecks();
setUpAddMailboxesTests();

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

checks.keep();
