import { afterEach, describe, expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { readToken, storeToken } from '../../src/api/session-store';
import type { SignInCodePeek } from '../../src/api/types';
import { createSignInCodeMachine } from '../../src/machines/sign-in-code/sign-in-code.machine';
import { signInCodeView } from '../../src/machines/sign-in-code/sign-in-code.view';
import { readStoredUserInfo, storeUserInfo } from '../../src/session/user-info-store';
import { makeUser } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// What a user notices of a sign-in code: signed in at once when nobody was, asked first when
// someone else is, the current session kept on Cancel, and a used link that says so.

const checks = transitionChecks();
const signInCode = createSignInCodeMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const CODE = 'c0de'.repeat(11);
const PEEK: SignInCodePeek = {
  email: 'max@acme.example',
  full_name: 'Max',
  signed_in_as: 'ada@acme.example',
};

afterEach(() => window.localStorage.clear());

function start(peek: () => Promise<SignInCodePeek>, exchange: () => Promise<string>) {
  const exchanges = vi.fn(exchange);
  const openDashboard = vi.fn<() => void>();
  const machine = signInCode.provide({
    actors: { peekCode: fromPromise(peek), exchangeCode: fromPromise(() => exchanges()) },
    actions: { openDashboard },
  });
  const actor = createActor(machine).start();
  const read = async (hasSession: boolean) => {
    actor.send({ type: 'CODE_READ', code: CODE, hasSession });
    await flush();
  };
  return { actor, read, exchanges, openDashboard };
}

describe('sign-in code', () => {
  checks.it(
    signInCode,
    ['hasSession', 'assignCode', 'storeSession'],
    'with nobody signed in, trades the code for a session at once, without a question',
    async () => {
      const peek = vi.fn(async () => PEEK);
      const { actor, read } = start(peek, async () => 'new-token');
      await read(false);
      expect(peek).not.toHaveBeenCalled();
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(readToken()).toBe('new-token');
      expect(signInCodeView(actor.getSnapshot())).toEqual({ dialog: 'none' });
    },
  );

  checks.it(
    signInCode,
    ['isAnotherUser', 'assignPeek'],
    'with someone else signed in, asks "You are signed in as X. Continue as Y?" before any exchange',
    async () => {
      storeToken('ada-token');
      const { actor, read, exchanges } = start(
        async () => PEEK,
        async () => 'max-token',
      );
      await read(true);
      expect(exchanges).not.toHaveBeenCalled();
      expect(signInCodeView(actor.getSnapshot())).toEqual({
        dialog: 'question',
        current: 'ada@acme.example',
        arriving: 'max@acme.example',
        busy: false,
      });
      expect(readToken()).toBe('ada-token');
    },
  );

  checks.it(
    signInCode,
    ['forgetCode'],
    'Cancel keeps the current session and uses nothing',
    async () => {
      storeToken('ada-token');
      storeUserInfo(makeUser('admin'));
      const { actor, read, exchanges } = start(
        async () => PEEK,
        async () => 'max-token',
      );
      await read(true);
      actor.send({ type: 'CANCEL' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.code).toBeNull();
      expect(exchanges).not.toHaveBeenCalled();
      expect(readToken()).toBe('ada-token');
      expect(readStoredUserInfo()).not.toBeNull();
    },
  );

  checks.it(
    signInCode,
    ['storeSession', 'openDashboard'],
    "Continue signs in as the other user and loads the dashboard afresh, without the last user's info",
    async () => {
      storeToken('ada-token');
      storeUserInfo(makeUser('admin'));
      const { actor, read, openDashboard } = start(
        async () => PEEK,
        async () => 'max-token',
      );
      await read(true);
      actor.send({ type: 'CONTINUE' });
      expect(signInCodeView(actor.getSnapshot())).toMatchObject({ busy: true });
      await flush();
      expect(readToken()).toBe('max-token');
      expect(readStoredUserInfo()).toBeNull();
      expect(openDashboard).toHaveBeenCalledTimes(1);
    },
  );

  checks.it(
    signInCode,
    ['isAnotherUser'],
    'signs in without a question when the code is for the user already signed in, or the session is gone',
    async () => {
      for (const signedInAs of ['MAX@acme.example', null]) {
        const peek = { ...PEEK, signed_in_as: signedInAs };
        const { actor, read } = start(
          async () => peek,
          async () => 'max-token',
        );
        await read(true);
        expect(actor.getSnapshot().value).toBe('signedIn');
      }
    },
  );

  checks.it(
    signInCode,
    ['assignFailure'],
    'a used or expired link says so, and no answer says to check the connection',
    async () => {
      const refused = new ApiFailure({ kind: 'invalid', message: 'code: expired' });
      const used = start(
        async () => PEEK,
        () => Promise.reject(refused),
      );
      await used.read(false);
      expect(signInCodeView(used.actor.getSnapshot())).toEqual({
        dialog: 'refused',
        title: 'This sign-in link has expired',
        text: 'A sign-in link works once, within a minute. Sign in again to get a new one.',
      });
      const offline = new ApiFailure({ kind: 'network', message: 'offline' });
      const unreachable = start(
        () => Promise.reject(offline),
        async () => 'token',
      );
      await unreachable.read(true);
      expect(signInCodeView(unreachable.actor.getSnapshot())).toMatchObject({
        title: 'The sign-in did not finish',
      });
      unreachable.actor.send({ type: 'DISMISS' });
      expect(signInCodeView(unreachable.actor.getSnapshot())).toEqual({ dialog: 'none' });
      expect(readToken()).toBeNull();
    },
  );

  checks.keep();
});
