import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isApiFailure, type ApiError } from '@/api/errors';
import { clearToken } from '@/api/session-store';
import type { UserInfo } from '@/session/user-info';
import { clearStoredUserInfo, storeUserInfo } from '@/session/user-info-store';
import { createSessionActors } from './session.actors';
import { describeNamed } from '../shared/describe-named';

interface SessionContext {
  user: UserInfo | null;
  /** Automatic retries since the last success or manual retry. */
  retries: number;
}

export type SessionEvent =
  /** The shell mounted: load the user info once. */
  | { type: 'LOAD' }
  | { type: 'RETRY' }
  | { type: 'LOGOUT' }
  /** Another user-info call (the route guard's) answered 503. */
  | { type: 'MAINTENANCE' };

/** Automatic retries of a failed user-info call before the visitor must press Refresh. */
export const MAX_AUTO_RETRIES = 3;
const RETRY_BASE_MS = 2000;
/** How often the maintenance page checks whether the service is back. */
const MAINTENANCE_RECHECK_MS = 60_000;

const hasKind = (error: unknown, kind: ApiError['kind']) =>
  isApiFailure(error) && error.error.kind === kind;

export function createSessionMachine(client: ApiClient) {
  const sessionSetup = setup({
    types: { context: {} as SessionContext, events: {} as SessionEvent },
    actors: createSessionActors(client),
    guards: {
      // The server answers 503 to the user-info call while it is under maintenance.
      isMaintenance: (_, params: { error: unknown }) => hasKind(params.error, 'unavailable'),
      isUnauthorized: (_, params: { error: unknown }) => hasKind(params.error, 'unauthorized'),
      canRetryAutomatically: ({ context }) => context.retries < MAX_AUTO_RETRIES,
    },
    actions: {
      assignUser: assign((_, params: { user: UserInfo }) => ({ user: params.user, retries: 0 })),
      storeUserInfo: (_, params: { user: UserInfo }) => storeUserInfo(params.user),
      countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
      resetRetries: assign({ retries: 0 }),
      clearSession: () => {
        clearToken();
        clearStoredUserInfo();
      },
      // A full page load, so nothing of the old session (machines, caches) outlives it.
      goToLogin: () => window.location.assign('/login'),
    },
    delays: {
      retryDelay: ({ context }) => RETRY_BASE_MS * 2 ** context.retries,
      maintenanceRecheck: MAINTENANCE_RECHECK_MS,
    },
  });
  return sessionSetup.createMachine({
    id: 'session',
    description:
      'The signed-in session: who the user is (loaded once when the shell mounts), maintenance, retries and signing out.',
    meta: describeNamed(sessionSetup, {
      guards: {
        isMaintenance: 'The server answered 503: the service is under maintenance',
        isUnauthorized: 'The server answered 401: the token is missing or expired',
        canRetryAutomatically:
          'Fewer than three automatic retries since the last success or Refresh',
      },
      actions: {
        assignUser: 'Keeps the signed-in user and resets the retry count',
        storeUserInfo:
          "Stores the user's info in the browser, so the next visit shows the shell at once",
        countRetry: 'Counts one more automatic retry (each waits twice as long as the last)',
        resetRetries: 'Starts the retry count again after the user pressed Refresh',
        clearSession: 'Forgets the token and the stored user info in this browser',
        goToLogin: 'Loads the login page afresh, so nothing of the old session outlives it',
      },
    }),
    initial: 'idle',
    context: { user: null, retries: 0 },
    states: {
      idle: {
        description: 'The shell has not mounted yet',
        on: { LOAD: 'loading', MAINTENANCE: 'maintenance' },
      },
      loading: {
        description: 'Asking the server who is signed in; the shell shows its loading state',
        invoke: {
          id: 'loadUserInfo',
          src: 'loadUserInfo',
          onDone: {
            target: 'ready',
            actions: [
              { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
              { type: 'storeUserInfo', params: ({ event }) => ({ user: event.output }) },
            ],
          },
          onError: [
            {
              guard: { type: 'isMaintenance', params: ({ event }) => ({ error: event.error }) },
              target: 'maintenance',
            },
            {
              // The API client's 401 handler has already started the way to /login.
              guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
              target: 'signedOut',
            },
            { target: 'failed' },
          ],
        },
      },
      ready: {
        description: 'Signed in: the shell and its pages show',
        tags: 'signedIn',
        on: { LOGOUT: 'signingOut', MAINTENANCE: 'maintenance' },
      },
      maintenance: {
        description:
          'The service is under maintenance; the maintenance page checks again every minute',
        after: { maintenanceRecheck: 'loading' },
      },
      failed: {
        description:
          'Who is signed in could not be learnt; retried on its own a few times, then Refresh',
        after: {
          retryDelay: { guard: 'canRetryAutomatically', target: 'loading', actions: 'countRetry' },
        },
        on: { RETRY: { target: 'loading', actions: 'resetRetries' } },
      },
      signingOut: {
        description: 'Signing out: the server revokes the token',
        tags: 'signedIn',
        invoke: {
          id: 'expireToken',
          src: 'expireToken',
          // The local token goes whether or not the server could revoke it.
          onDone: 'signedOut',
          onError: 'signedOut',
        },
      },
      signedOut: {
        description:
          'Signed out: the local session is cleared and the browser goes to the login page',
        type: 'final',
        entry: ['clearSession', 'goToLogin'],
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;

export type SessionActor = ActorRefFrom<SessionMachine>;
