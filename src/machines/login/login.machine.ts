import type { DemoUser, SignInOptions } from '@/api/types';
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createLoginActors } from './login.actors';
import { describeNamed } from '../shared/describe-named';
import { failureMessage } from '../shared/save-toasts';

interface LoginContext {
  /** Null until loaded, and when the server could not say (the page then offers both providers). */
  options: SignInOptions | null;
  /** The demo user being signed in. */
  demoUser: DemoUser | null;
  demoError: string | null;
}

type LoginEvent = { type: 'DEMO_SIGN_IN'; user: DemoUser };

/** The login page: what it offers, and the demo block's sign-in (a full navigation at the end). */
export function createLoginMachine(client: ApiClient) {
  const loginSetup = setup({
    types: { context: {} as LoginContext, events: {} as LoginEvent },
    actors: createLoginActors(client),
    actions: {
      assignOptions: assign((_, params: { options: SignInOptions }) => params),
      assignDemoUser: assign((_, params: { user: DemoUser }) => ({
        demoUser: params.user,
        demoError: null,
      })),
      assignDemoError: assign((_, params: { error: unknown }) => ({
        demoUser: null,
        demoError: `Demo sign-in failed. ${failureMessage(params.error)}`,
      })),
      // The link signs in and redirects, as the printed links do.
      openLink: (_, params: { url: string }) => window.location.assign(params.url),
    },
  });
  return loginSetup.createMachine({
    id: 'login',
    description: "The login page: which providers it offers, and the demo block's sign-in.",
    meta: describeNamed(loginSetup, {
      guards: {},
      actions: {
        assignOptions: 'Keeps the providers and demo users the server offers',
        assignDemoUser: 'Remembers which demo user was chosen and clears an earlier failure',
        assignDemoError: 'Says the demo sign-in failed, and why, under the demo users',
        openLink: 'Follows the sign-in link, leaving the app for the dashboard',
      },
    }),
    initial: 'loading',
    context: { options: null, demoUser: null, demoError: null },
    states: {
      loading: {
        description: 'Asking which providers are set up and which demo users there are',
        invoke: {
          id: 'loadOptions',
          src: 'loadOptions',
          onDone: {
            target: 'ready',
            actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) },
          },
          onError: 'ready',
        },
      },
      ready: {
        description: 'The sign-in buttons, and the demo users when demo sign-in is on',
        on: {
          DEMO_SIGN_IN: {
            target: 'signingIn',
            actions: { type: 'assignDemoUser', params: ({ event }) => ({ user: event.user }) },
          },
        },
      },
      signingIn: {
        description: 'Getting a single-use sign-in link for the chosen demo user',
        invoke: {
          id: 'createDemoLink',
          src: 'createDemoLink',
          input: ({ context }) => context.demoUser as DemoUser,
          onDone: {
            target: 'leaving',
            actions: { type: 'openLink', params: ({ event }) => ({ url: event.output }) },
          },
          onError: {
            target: 'ready',
            actions: { type: 'assignDemoError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      leaving: { description: 'The browser is on its way to the dashboard' },
    },
  });
}

export type LoginMachine = ReturnType<typeof createLoginMachine>;

export type LoginSnapshot = SnapshotFrom<LoginMachine>;
