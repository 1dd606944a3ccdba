import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isApiFailure, type ApiError } from '@/api/errors';
import { clearToken } from '@/api/session-store';
import type { UserInfo } from '@/session/user-info';
import { clearStoredUserInfo, storeUserInfo } from '@/session/user-info-store';
import { createSessionActors } from './session.actors';

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
  return setup({
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
  }).createMachine({
    id: 'session',
    initial: 'idle',
    context: { user: null, retries: 0 },
    states: {
      idle: {
        on: { LOAD: 'loading', MAINTENANCE: 'maintenance' },
      },
      loading: {
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
        tags: 'signedIn',
        on: { LOGOUT: 'signingOut', MAINTENANCE: 'maintenance' },
      },
      maintenance: {
        after: { maintenanceRecheck: 'loading' },
      },
      failed: {
        after: {
          retryDelay: { guard: 'canRetryAutomatically', target: 'loading', actions: 'countRetry' },
        },
        on: { RETRY: { target: 'loading', actions: 'resetRetries' } },
      },
      signingOut: {
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
        type: 'final',
        entry: ['clearSession', 'goToLogin'],
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;

export type SessionActor = ActorRefFrom<SessionMachine>;
