import type { DemoUser, SignInOptions } from '../../src/api/types';
import { describe } from 'vitest';
import { ApiFailure } from '../../src/api/errors';
import type { EventFromLogic } from 'xstate';
import { createLoginMachine, type LoginMachine } from '../../src/machines/login/login.machine';
import { offlineClient } from '../support/offline-client';
import {
  ControlledActors,
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const ADA: DemoUser = { workspace_id: 1, user_id: 1, email: 'ada@acme.example', role: 'admin' };
const OPTIONS: SignInOptions = {
  google: true,
  microsoft: false,
  oidc_label: null,
  demo_users: [ADA],
};
const failure = new ApiFailure({ kind: 'unavailable', message: 'maintenance' });

// The link's full navigation is the browser's: the paths only note that it was asked for.
const provide = (actors: ControlledActors) =>
  createLoginMachine(offlineClient).provide({
    actors: {
      loadOptions: actors.promise<SignInOptions>('loadOptions'),
      createDemoLink: actors.promise<string, DemoUser>('createDemoLink'),
    },
    actions: { openLink: () => undefined },
  });

type LoginEvent = EventFromLogic<LoginMachine>;
const executors = { DEMO_SIGN_IN: send } satisfies Executors<
  { send(event: LoginEvent): void },
  LoginEvent
>;

describe('login machine paths', () => {
  describePathTests({
    machine: provide(new ControlledActors()),
    events: [
      { type: 'DEMO_SIGN_IN', user: ADA },
      { type: 'xstate.done.actor.loadOptions', output: OPTIONS },
      { type: 'xstate.error.actor.loadOptions', error: failure },
      { type: 'xstate.done.actor.createDemoLink', output: '/portal/demo-login/abc' },
      { type: 'xstate.error.actor.createDemoLink', error: failure },
    ],
    start: startWithStandIns(provide),
    executors,
  });
});
