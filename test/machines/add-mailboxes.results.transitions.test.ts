import { describe, expect, vi } from 'vitest';
import { waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { getToasts } from '../../src/stores/toast-store';
import {
  addMailboxes,
  ANN,
  BOB,
  flush,
  ok,
  refused,
  setUpAddMailboxesTests,
  startAddMailboxes as start,
  stubClipboard,
} from './support/add-mailboxes';
import { transitionChecks } from './support/checks';

// What the admin sees once every address is checked, and what Add creates: the results, the
// toasts, the failures and the copied list. Typing and validating the addresses is in
// add-mailboxes.addresses.transitions.test.ts.

const checks = transitionChecks();
setUpAddMailboxesTests();

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
