import { describe } from 'vitest';
import type { EventFromLogic } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { SignInCodePeek } from '../../src/api/types';
import {
  createSignInCodeMachine,
  type SignInCodeMachine,
} from '../../src/machines/sign-in-code/sign-in-code.machine';
import { offlineClient } from '../support/offline-client';
import {
  ControlledActors,
  describePathTests,
  sendEvent as send,
  startWithStandIns,
  type Executors,
} from './support/paths';

const CODE = 'c0de'.repeat(11);
const OTHER_USER: SignInCodePeek = {
  email: 'max@acme.example',
  full_name: 'Max',
  signed_in_as: 'ada@acme.example',
};
const SAME_USER: SignInCodePeek = { ...OTHER_USER, signed_in_as: 'max@acme.example' };
const refused = new ApiFailure({ kind: 'invalid', message: 'code: expired or used' });

// The new session's full page load is the browser's: the paths only note that it was asked for.
const provide = (actors: ControlledActors) =>
  createSignInCodeMachine(offlineClient).provide({
    actors: {
      peekCode: actors.promise<SignInCodePeek, { code: string }>('peekCode'),
      exchangeCode: actors.promise<string, { code: string }>('exchangeCode'),
    },
    actions: { openDashboard: () => undefined },
  });

type SignInCodeEvent = EventFromLogic<SignInCodeMachine>;
const executors = {
  CODE_READ: send,
  CONTINUE: send,
  CANCEL: send,
  DISMISS: send,
} satisfies Executors<{ send(event: SignInCodeEvent): void }, SignInCodeEvent>;

describe('sign-in code machine paths', () => {
  describePathTests({
    machine: provide(new ControlledActors()),
    events: [
      { type: 'CODE_READ', code: CODE, hasSession: false },
      { type: 'CODE_READ', code: CODE, hasSession: true },
      { type: 'CONTINUE' },
      { type: 'CANCEL' },
      { type: 'DISMISS' },
      { type: 'xstate.done.actor.peekCode', output: OTHER_USER },
      { type: 'xstate.done.actor.peekCode', output: SAME_USER },
      { type: 'xstate.error.actor.peekCode', error: refused },
      { type: 'xstate.done.actor.exchangeCode', output: 'new-session-token' },
      { type: 'xstate.error.actor.exchangeCode', error: refused },
    ],
    start: startWithStandIns(provide),
    executors,
    label: (event) => {
      if (event.type !== 'CODE_READ') return event.type;
      return `CODE_READ [${(event as SignInCodeEvent & { hasSession: boolean }).hasSession ? 'signed in' : 'signed out'}]`;
    },
  });
});
