import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import {
  mailboxesMachine,
  type MailboxesEvent,
  type MailboxesInput,
} from '../../src/machines/mailboxes.machine';
import type { Mailbox } from '../../src/machines/mailboxes.rows';
import { makeMailbox } from '../support/settings-fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
  type PathEvent,
} from './support/paths';

type MailboxesTestActor = ReturnType<ReturnType<typeof starter>>['actor'];

const MAILBOXES = [makeMailbox('sales@acme.example'), makeMailbox('support@acme.example')];

function starter(input: MailboxesInput) {
  return () => {
    const actors = new ControlledActors();
    const clock = new SimulatedClock();
    const machine = mailboxesMachine.provide({
      actors: { loadMailboxes: actors.promise<Mailbox[]>('loadMailboxes') },
    });
    return { actor: createActor(machine, { clock, input }).start(), actors, clock };
  };
}

const executors = {
  RETRY: (actor, event) => actor.send(event),
  ADD: (actor, event) => actor.send(event),
  CLOSE_LIMIT: (actor, event) => actor.send(event),
  REMOVE: (actor, event) => actor.send(event),
  MODAL_SAVED: (actor, event) => actor.send(event),
} satisfies Executors<MailboxesTestActor, MailboxesEvent>;

const events: PathEvent<typeof mailboxesMachine>[] = [
  { type: 'RETRY' },
  { type: 'ADD' },
  { type: 'CLOSE_LIMIT' },
  { type: 'REMOVE', mailboxes: MAILBOXES.slice(0, 1) },
  { type: 'MODAL_SAVED', modal: 'removeMailboxes' },
  { type: 'xstate.done.actor.loadMailboxes', output: MAILBOXES },
  {
    type: 'xstate.error.actor.loadMailboxes',
    error: new ApiFailure({ kind: 'network', message: 'offline' }),
  },
];

// Two mailboxes of at most two: Add mailboxes opens the limit modal.
describe('mailboxes machine paths, loading first', () => {
  const input: MailboxesInput = { seed: null, maxMailboxes: 2 };
  describePathTests({ machine: mailboxesMachine, input, events, start: starter(input), executors });
});

describe('mailboxes machine paths, from the list loaded at sign-in', () => {
  const input: MailboxesInput = { seed: MAILBOXES, maxMailboxes: 2 };
  describePathTests({ machine: mailboxesMachine, input, events, start: starter(input), executors });
});
