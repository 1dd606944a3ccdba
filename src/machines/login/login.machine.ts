import type { DemoUser, SignInOptions } from '@/api/types';
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createLoginActors } from './login.actors';
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
  return setup({
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
  }).createMachine({
    id: 'login',
    initial: 'loading',
    context: { options: null, demoUser: null, demoError: null },
    states: {
      loading: {
        invoke: {
          src: 'loadOptions',
          onDone: {
            target: 'ready',
            actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) },
          },
          onError: 'ready',
        },
      },
      ready: {
        on: {
          DEMO_SIGN_IN: {
            target: 'signingIn',
            actions: { type: 'assignDemoUser', params: ({ event }) => ({ user: event.user }) },
          },
        },
      },
      signingIn: {
        invoke: {
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
      // The browser is on its way to the dashboard.
      leaving: {},
    },
  });
}

export type LoginMachine = ReturnType<typeof createLoginMachine>;

export type LoginSnapshot = SnapshotFrom<LoginMachine>;
