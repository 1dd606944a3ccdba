import { and, assign, not, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isApiFailure } from '@/api/errors';
import { readToken, storeToken } from '@/api/session-store';
import {
  deniesPath,
  isDashboardPath,
  isLoginPath,
  normalizePath,
  type Access,
} from '@/session/access';
import { readStoredUserInfo } from '@/session/user-info-store';
import { createRouteGuardActors } from './route-guard.actors';

interface RouteGuardContext {
  /** The path being decided, without leading or trailing slashes (`settings/users`). */
  path: string;
  /** False when no route matches: the not-found page, open to any signed-in visitor. */
  routeFound: boolean;
  urlToken: string | null;
  isFirstNavigation: boolean;
  signedIn: boolean;
  storedAccess: Access | null;
  /** Role and features the decision uses: stored, or from the user-info call. */
  access: Access | null;
}

interface NavigationTarget {
  pathname: string;
  searchStr: string;
  routeFound: boolean;
  /** No navigation has completed yet (a page load, including its redirects). */
  isFirstNavigation: boolean;
}

export type RouteGuardEvent = NavigationTarget & {
  type: 'NAVIGATE';
  /** A token is kept in local storage. */
  hasToken: boolean;
  /** Role and features from the stored user info, when there is any. */
  storedAccess: Access | null;
};

/** The NAVIGATE event for a navigation, with what local storage holds as it starts. */
export function navigateEvent(target: NavigationTarget): RouteGuardEvent {
  const user = readStoredUserInfo();
  return {
    type: 'NAVIGATE',
    ...target,
    hasToken: readToken() !== null,
    storedAccess: user && { role: user.role, features: user.features },
  };
}

/**
 * The spec's route guard. Each NAVIGATE ends in a state tagged `settled` that tells the root
 * route what to do: `allowed`, `notFound`, `toLogin`, `toDashboard`, `maintenance` (the
 * user-info call answered 503), or `unverified` (it failed otherwise: the page loads, and the
 * server still refuses whatever the role may not see).
 */
export function createRouteGuardMachine(client: ApiClient) {
  return setup({
    types: { context: {} as RouteGuardContext, events: {} as RouteGuardEvent },
    actors: createRouteGuardActors(client),
    guards: {
      hasUrlToken: ({ context }) => context.urlToken !== null,
      isLoginPage: ({ context }) => isLoginPath(context.path),
      isSignedOut: ({ context }) => !context.signedIn,
      isOpenToSignedInUsers: ({ context }) => !context.routeFound || isDashboardPath(context.path),
      hasStoredAccessOnFirstNavigation: ({ context }) =>
        context.isFirstNavigation && context.storedAccess !== null,
      isDenied: ({ context }) =>
        context.access !== null && deniesPath(context.access, context.path),
      isMaintenance: (_, params: { error: unknown }) =>
        isApiFailure(params.error) && params.error.error.kind === 'unavailable',
    },
    actions: {
      assignNavigation: assign(({ event }) => ({
        path: normalizePath(event.pathname),
        routeFound: event.routeFound,
        urlToken: new URLSearchParams(event.searchStr).get('token'),
        isFirstNavigation: event.isFirstNavigation,
        signedIn: event.hasToken,
        storedAccess: event.storedAccess,
        access: null,
      })),
      storeUrlToken: ({ context }) => {
        if (context.urlToken !== null) storeToken(context.urlToken);
      },
      useStoredAccess: assign({ access: ({ context }) => context.storedAccess }),
      assignAccess: assign((_, params: { access: Access }) => ({ access: params.access })),
    },
  }).createMachine({
    id: 'routeGuard',
    initial: 'idle',
    context: {
      path: '',
      routeFound: true,
      urlToken: null,
      isFirstNavigation: true,
      signedIn: false,
      storedAccess: null,
      access: null,
    },
    // A new navigation supersedes one still waiting for the user-info call.
    on: { NAVIGATE: { target: '.routing', actions: 'assignNavigation' } },
    states: {
      idle: {},
      routing: {
        always: [
          { guard: 'hasUrlToken', target: 'toDashboard', actions: 'storeUrlToken' },
          // A signed-in visitor has nothing to do on the login page.
          { guard: and(['isLoginPage', not('isSignedOut')]), target: 'toDashboard' },
          { guard: 'isLoginPage', target: 'allowed' },
          { guard: 'isSignedOut', target: 'toLogin' },
          { guard: 'isOpenToSignedInUsers', target: 'allowed' },
          {
            guard: 'hasStoredAccessOnFirstNavigation',
            target: 'deciding',
            actions: 'useStoredAccess',
          },
          { target: 'loadingUserInfo' },
        ],
      },
      loadingUserInfo: {
        invoke: {
          id: 'loadAccess',
          src: 'loadAccess',
          onDone: {
            target: 'deciding',
            actions: { type: 'assignAccess', params: ({ event }) => ({ access: event.output }) },
          },
          onError: [
            {
              guard: { type: 'isMaintenance', params: ({ event }) => ({ error: event.error }) },
              target: 'maintenance',
            },
            { target: 'unverified' },
          ],
        },
      },
      deciding: {
        always: [{ guard: 'isDenied', target: 'notFound' }, { target: 'allowed' }],
      },
      allowed: { tags: 'settled' },
      notFound: { tags: 'settled' },
      toLogin: { tags: 'settled' },
      toDashboard: { tags: 'settled' },
      maintenance: { tags: 'settled' },
      unverified: { tags: 'settled' },
    },
  });
}

export type RouteGuardMachine = ReturnType<typeof createRouteGuardMachine>;

export type RouteGuardActor = ActorRefFrom<RouteGuardMachine>;
