import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isApiFailure } from '@/api/errors';
import { storeToken } from '@/api/session-store';
import type { SignInCodePeek } from '@/api/types';
import { clearStoredUserInfo } from '@/session/user-info-store';
import { createSignInCodeActors } from './sign-in-code.actors';
import { describeNamed } from '../shared/describe-named';

interface SignInCodeContext {
  /** The code the address carried; it has already left the address bar. */
  code: string | null;
  /** Who is signed in in this browser (the server's word), and whom the code signs in. */
  current: string | null;
  arriving: string | null;
  /** Why the code did not sign anyone in: refused by the server, or no answer. */
  failure: 'refused' | 'failed' | null;
}

type SignInCodeEvent =
  /** The address carried a sign-in code; `hasSession`: a token is kept in this browser. */
  | { type: 'CODE_READ'; code: string; hasSession: boolean }
  | { type: 'CONTINUE' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' };

const readCode = [
  { guard: 'hasSession', target: '#signInCode.peeking', actions: 'assignCode' },
  { target: '#signInCode.exchanging', actions: 'assignCode' },
] as const;

/**
 * A sign-in code in the address (issue 44): with nobody signed in it is traded for a session at
 * once; while someone is, the user is asked first, so a link cannot quietly swap the session.
 */
export function createSignInCodeMachine(client: ApiClient) {
  const signInCodeSetup = setup({
    types: { context: {} as SignInCodeContext, events: {} as SignInCodeEvent },
    actors: createSignInCodeActors(client),
    guards: {
      hasSession: ({ event }) => event.type === 'CODE_READ' && event.hasSession,
      isAnotherUser: (_, params: { peek: SignInCodePeek }) =>
        params.peek.signed_in_as !== null &&
        params.peek.signed_in_as.toLowerCase() !== params.peek.email.toLowerCase(),
    },
    actions: {
      assignCode: assign(({ event }) => ({
        code: event.type === 'CODE_READ' ? event.code : null,
        current: null,
        arriving: null,
        failure: null,
      })),
      assignPeek: assign((_, params: { peek: SignInCodePeek }) => ({
        current: params.peek.signed_in_as,
        arriving: params.peek.email,
      })),
      assignFailure: assign((_, params: { error: unknown }) => ({
        code: null,
        failure:
          isApiFailure(params.error) && params.error.error.kind === 'invalid'
            ? ('refused' as const)
            : ('failed' as const),
      })),
      forgetCode: assign({ code: null, current: null, arriving: null, failure: null }),
      storeSession: (_, params: { token: string }) => {
        // The last user's stored role and features must not outlive their session.
        clearStoredUserInfo();
        storeToken(params.token);
      },
      // A full page load, so nothing of the last user's session (machines, caches) outlives it.
      openDashboard: () => window.location.assign('/dashboard'),
    },
  });
  return signInCodeSetup.createMachine({
    id: 'signInCode',
    description:
      'A sign-in code in the address: traded for a session, after asking first when someone else is signed in here.',
    meta: describeNamed(signInCodeSetup, {
      guards: {
        hasSession: 'A token is kept in this browser: someone may be signed in already',
        isAnotherUser: 'Someone is signed in here, and the code is for another user',
      },
      actions: {
        assignCode: 'Keeps the code from the address, forgetting any earlier one',
        assignPeek: 'Keeps who is signed in and whom the code signs in, for the question',
        assignFailure: 'Says why the code signed nobody in, and forgets it',
        forgetCode: 'Forgets the code; the current session stays as it was',
        storeSession: "Keeps the new session's token, and drops the last user's stored info",
        openDashboard: 'Loads the dashboard afresh as the new user',
      },
    }),
    initial: 'idle',
    context: { code: null, current: null, arriving: null, failure: null },
    states: {
      idle: { description: 'No sign-in code to handle', on: { CODE_READ: readCode } },
      peeking: {
        description: 'Asking the server whom the code signs in and who is signed in here now',
        tags: 'busy',
        invoke: {
          id: 'peekCode',
          src: 'peekCode',
          input: ({ context }) => ({ code: context.code ?? '' }),
          onDone: [
            {
              guard: { type: 'isAnotherUser', params: ({ event }) => ({ peek: event.output }) },
              target: 'asking',
              actions: { type: 'assignPeek', params: ({ event }) => ({ peek: event.output }) },
            },
            { target: 'exchanging' },
          ],
          onError: {
            target: 'rejected',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      asking: {
        description: 'Asking the user: You are signed in as X. Continue as Y?',
        on: {
          CONTINUE: 'switching',
          CANCEL: { target: 'idle', actions: 'forgetCode' },
        },
      },
      exchanging: {
        description: 'Trading the code for a session while nobody is signed in here',
        tags: 'busy',
        invoke: {
          id: 'exchangeCode',
          src: 'exchangeCode',
          input: ({ context }) => ({ code: context.code ?? '' }),
          onDone: {
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ event }) => ({ token: event.output }) },
          },
          onError: {
            target: 'rejected',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      switching: {
        description: 'Trading the code for a session of the other user, who chose to continue',
        invoke: {
          id: 'exchangeCode',
          src: 'exchangeCode',
          input: ({ context }) => ({ code: context.code ?? '' }),
          onDone: {
            target: 'switched',
            actions: { type: 'storeSession', params: ({ event }) => ({ token: event.output }) },
          },
          onError: {
            target: 'rejected',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      signedIn: {
        description: 'Signed in with the code; the dashboard opens',
        on: { CODE_READ: readCode },
      },
      switched: {
        description: 'Signed in as the other user; the dashboard loads afresh',
        type: 'final',
        entry: 'openDashboard',
      },
      rejected: {
        description: 'The code signed nobody in (used, expired or unreachable); the user is told',
        on: { DISMISS: { target: 'idle', actions: 'forgetCode' }, CODE_READ: readCode },
      },
    },
  });
}

export type SignInCodeMachine = ReturnType<typeof createSignInCodeMachine>;

export type SignInCodeActor = ActorRefFrom<SignInCodeMachine>;

export type SignInCodeSnapshot = SnapshotFrom<SignInCodeMachine>;
