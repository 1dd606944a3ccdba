import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { UsersData } from '../../src/machines/users.actors';
import { usersMachine, type UsersEvent, type UsersInput } from '../../src/machines/users.machine';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox, makeSettingsUser, makeTeam } from '../support/settings-fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
  type PathEvent,
} from './support/paths';

type UsersTestActor = ReturnType<ReturnType<typeof starter>>['actor'];

const ADA = makeSettingsUser('ada@acme.example', { role: 'admin' });
const MAX = makeSettingsUser('max@acme.example', {
  role: 'manager',
  can_see_data_for: { mailboxes: ['sales@acme.example'], teams: [1] },
});
const DATA: UsersData = {
  users: [ADA, MAX],
  mailboxes: [makeMailbox('sales@acme.example')],
  teams: [makeTeam(1, 'Sales', ['sales@acme.example'])],
};

function starter(input: UsersInput) {
  return () => {
    const actors = new ControlledActors();
    const clock = new SimulatedClock();
    const machine = usersMachine.provide({
      actors: { loadUsersData: actors.promise<UsersData, { features: Features }>('loadUsersData') },
    });
    return { actor: createActor(machine, { clock, input }).start(), actors, clock };
  };
}

const executors = {
  RETRY: (actor, event) => actor.send(event),
  ADD: (actor, event) => actor.send(event),
  EDIT: (actor, event) => actor.send(event),
  REMOVE: (actor, event) => actor.send(event),
  CLOSE_LIMIT: (actor, event) => actor.send(event),
  MODAL_SAVED: (actor, event) => actor.send(event),
} satisfies Executors<UsersTestActor, UsersEvent>;

const label = (event: { type: string; modal?: unknown; user?: { email: string } }) =>
  event.type === 'MODAL_SAVED'
    ? `MODAL_SAVED(${String(event.modal)})`
    : event.user
      ? `${event.type}(${event.user.email})`
      : event.type;

// Two users of at most two: Add new users opens the user-limit modal.
const base = { maxUsers: 2, currentEmail: ADA.email, features: makeFeatures() };
const events: PathEvent<typeof usersMachine>[] = [
  { type: 'RETRY' },
  { type: 'ADD' },
  { type: 'EDIT', user: MAX },
  { type: 'EDIT', user: ADA },
  { type: 'REMOVE', users: [MAX] },
  { type: 'CLOSE_LIMIT' },
  { type: 'MODAL_SAVED', modal: 'usersEditor' },
  { type: 'MODAL_SAVED', modal: 'removeUsers' },
  { type: 'xstate.done.actor.loadUsersData', output: DATA },
  {
    type: 'xstate.error.actor.loadUsersData',
    error: new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r1' }),
  },
];

describe('users machine paths, loading first', () => {
  const input: UsersInput = { ...base, seed: null };
  describePathTests({
    machine: usersMachine,
    input,
    events,
    label,
    start: starter(input),
    executors,
  });
});

describe('users machine paths, from the lists loaded at sign-in', () => {
  const input: UsersInput = { ...base, seed: DATA };
  describePathTests({
    machine: usersMachine,
    input,
    events,
    label,
    start: starter(input),
    executors,
  });
});
