import type { DemoUser, SignInOptions } from '../../src/api/types';
import { describe, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { createLoginMachine } from '../../src/machines/login/login.machine';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The login page: the providers and demo users it offers, and a demo sign-in that either
// follows its single-use link or says why it failed.

const checks = transitionChecks();
const login = createLoginMachine(offlineClient);
const ADA: DemoUser = { workspace_id: 1, user_id: 7, email: 'ada@acme.example', role: 'admin' };
const OPTIONS: SignInOptions = {
  google: false,
  microsoft: true,
  oidc_label: null,
  demo_users: [ADA],
};

function start(createDemoLink: (user: DemoUser) => Promise<string>) {
  const openLink = vi.fn<(_: unknown, params: { url: string }) => void>();
  const machine = login.provide({
    actors: {
      loadOptions: fromPromise<SignInOptions>(() => Promise.resolve(OPTIONS)),
      createDemoLink: fromPromise<string, DemoUser>(({ input }) => createDemoLink(input)),
    },
    actions: { openLink },
  });
  return { actor: createActor(machine).start(), openLink };
}

describe('login: demo sign-in', () => {
  checks.it(
    login,
    ['assignOptions', 'assignDemoUser', 'openLink'],
    'offers the demo users, then follows the link made for the one chosen',
    async () => {
      const { actor, openLink } = start((user) =>
        Promise.resolve(`/portal/demo-login/${user.user_id}`),
      );
      await waitFor(actor, (snapshot) => snapshot.value === 'ready');
      expect(actor.getSnapshot().context.options).toEqual(OPTIONS);
      actor.send({ type: 'DEMO_SIGN_IN', user: ADA });
      expect(actor.getSnapshot().context.demoUser).toEqual(ADA);
      await waitFor(actor, (snapshot) => snapshot.value === 'leaving');
      expect(openLink).toHaveBeenCalledOnce();
      expect(openLink.mock.calls[0]?.[1]).toEqual({ url: '/portal/demo-login/7' });
    },
  );

  checks.it(
    login,
    ['assignDemoError'],
    'a failed link says why, and the demo users can be tried again',
    async () => {
      const refusal = new ApiFailure({
        kind: 'forbidden',
        code: 'demo_off',
        message: 'Demo sign-in is off.',
      });
      const { actor, openLink } = start(() => Promise.reject(refusal));
      await waitFor(actor, (snapshot) => snapshot.value === 'ready');
      actor.send({ type: 'DEMO_SIGN_IN', user: ADA });
      await waitFor(actor, (snapshot) => snapshot.context.demoError !== null);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.demoError).toBe(
        'Demo sign-in failed. Demo sign-in is off.',
      );
      expect(openLink).not.toHaveBeenCalled();
    },
  );
});

checks.keep();
