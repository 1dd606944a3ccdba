import { and, assign, not, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { isApiFailure } from '@/api/errors';
import { readToken } from '@/api/session-store';
import {
  deniesPath,
  isDashboardPath,
  isLoginPath,
  normalizePath,
  type Access,
} from '@/session/access';
import { readStoredUserInfo } from '@/session/user-info-store';
import type { FeatureName } from '@/session/user-info';
import { createRouteGuardActors } from './route-guard.actors';
import { describeNamed } from '../shared/describe-named';

interface RouteGuardContext {
  /** The path being decided, without leading or trailing slashes (`settings/users`). */
  path: string;
  /** False when no route matches: the not-found page, open to any signed-in visitor. */
  routeFound: boolean;
  /** The features the matched routes belong to (their `staticData`). */
  features: readonly FeatureName[];
  isFirstNavigation: boolean;
  signedIn: boolean;
  storedAccess: Access | null;
  /** Role and features the decision uses: stored, or from the user-info call. */
  access: Access | null;
}

interface NavigationTarget {
  pathname: string;
  routeFound: boolean;
  /** The features the matched routes declare in their `staticData`. */
  features: readonly FeatureName[];
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
  const routeGuardSetup = setup({
    types: { context: {} as RouteGuardContext, events: {} as RouteGuardEvent },
    actors: createRouteGuardActors(client),
    guards: {
      isLoginPage: ({ context }) => isLoginPath(context.path),
      isSignedOut: ({ context }) => !context.signedIn,
      isOpenToSignedInUsers: ({ context }) => !context.routeFound || isDashboardPath(context.path),
      hasStoredAccessOnFirstNavigation: ({ context }) =>
        context.isFirstNavigation && context.storedAccess !== null,
      isDenied: ({ context }) =>
        context.access !== null && deniesPath(context.access, context.path, context.features),
      isMaintenance: (_, params: { error: unknown }) =>
        isApiFailure(params.error) && params.error.error.kind === 'unavailable',
    },
    actions: {
      assignNavigation: assign(({ event }) => ({
        path: normalizePath(event.pathname),
        routeFound: event.routeFound,
        features: event.features,
        isFirstNavigation: event.isFirstNavigation,
        signedIn: event.hasToken,
        storedAccess: event.storedAccess,
        access: null,
      })),
      useStoredAccess: assign({ access: ({ context }) => context.storedAccess }),
      assignAccess: assign((_, params: { access: Access }) => ({ access: params.access })),
    },
  });
  return routeGuardSetup.createMachine({
    id: 'routeGuard',
    description:
      'The route guard: on each navigation, whether the page shows, is not found, or sends the visitor to the login page, the dashboard or the maintenance page.',
    meta: describeNamed(routeGuardSetup, {
      guards: {
        isLoginPage: 'The page is the login page',
        isSignedOut: 'No token is kept in this browser',
        isOpenToSignedInUsers:
          'Any signed-in user may see the page (the dashboard, or an address no route matches)',
        hasStoredAccessOnFirstNavigation:
          "The page is being loaded and the browser kept the user's role and features from the last visit",
        isDenied: "The user's role or features do not reach the page",
        isMaintenance: 'The server answered 503: the service is under maintenance',
      },
      actions: {
        assignNavigation:
          "Takes the navigation's page and stored role, forgetting the last decision",
        useStoredAccess: 'Decides with the role and features stored from the last visit',
        assignAccess: 'Decides with the role and features the server sent',
      },
    }),
    initial: 'idle',
    context: {
      path: '',
      routeFound: true,
      features: [],
      isFirstNavigation: true,
      signedIn: false,
      storedAccess: null,
      access: null,
    },
    // A new navigation supersedes one still waiting for the user-info call.
    on: { NAVIGATE: { target: '.routing', actions: 'assignNavigation' } },
    states: {
      idle: { description: 'No navigation yet' },
      routing: {
        description: 'Deciding from the address and local storage alone, when they suffice',
        always: [
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
        description:
          "Asking the server for the user's role and features before letting the page show",
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
        description: "Checking the page against the user's role and features",
        always: [{ guard: 'isDenied', target: 'notFound' }, { target: 'allowed' }],
      },
      allowed: { description: 'The page may show', tags: 'settled' },
      notFound: {
        description:
          'The page shows Not found: no such page, or not for this role or these features',
        tags: 'settled',
      },
      toLogin: { description: 'Signed out: the browser goes to the login page', tags: 'settled' },
      toDashboard: {
        description: 'The browser goes to the dashboard (a signed-in visitor on the login page)',
        tags: 'settled',
      },
      maintenance: {
        description: 'The service is under maintenance; the maintenance page shows',
        tags: 'settled',
      },
      unverified: {
        description:
          'The role could not be checked; the page shows and the server still refuses what the role may not see',
        tags: 'settled',
      },
    },
  });
}

export type RouteGuardMachine = ReturnType<typeof createRouteGuardMachine>;

export type RouteGuardActor = ActorRefFrom<RouteGuardMachine>;
