import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import type { TeamsData } from '../../src/machines/teams.actors';
import { teamsMachine, type TeamsEvent, type TeamsInput } from '../../src/machines/teams.machine';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox, makeTeam } from '../support/settings-fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
  type PathEvent,
} from './support/paths';

type TeamsTestActor = ReturnType<ReturnType<typeof starter>>['actor'];

const SALES = makeTeam(1, 'Sales', ['sales@acme.example']);
const DATA: TeamsData = { teams: [SALES], mailboxes: [makeMailbox('sales@acme.example')] };

function starter(input: TeamsInput) {
  return () => {
    const actors = new ControlledActors();
    const clock = new SimulatedClock();
    const machine = teamsMachine.provide({
      actors: { loadTeamsData: actors.promise<TeamsData, { features: Features }>('loadTeamsData') },
    });
    return { actor: createActor(machine, { clock, input }).start(), actors, clock };
  };
}

const executors = {
  RETRY: (actor, event) => actor.send(event),
  CREATE: (actor, event) => actor.send(event),
  EDIT: (actor, event) => actor.send(event),
  REMOVE: (actor, event) => actor.send(event),
  MODAL_SAVED: (actor, event) => actor.send(event),
} satisfies Executors<TeamsTestActor, TeamsEvent>;

const label = (event: { type: string; modal?: unknown }) =>
  event.type === 'MODAL_SAVED' ? `MODAL_SAVED(${String(event.modal)})` : event.type;

const events: PathEvent<typeof teamsMachine>[] = [
  { type: 'RETRY' },
  { type: 'CREATE' },
  { type: 'EDIT', team: SALES },
  { type: 'REMOVE', teams: [SALES] },
  { type: 'MODAL_SAVED', modal: 'teamEditor' },
  { type: 'MODAL_SAVED', modal: 'removeTeams' },
  { type: 'xstate.done.actor.loadTeamsData', output: DATA },
  {
    type: 'xstate.error.actor.loadTeamsData',
    error: new ApiFailure({ kind: 'network', message: 'offline' }),
  },
];

describe('teams machine paths, loading first', () => {
  const input: TeamsInput = { seed: null, features: makeFeatures() };
  describePathTests({
    machine: teamsMachine,
    input,
    events,
    label,
    start: starter(input),
    executors,
  });
});

describe('teams machine paths, from the lists loaded at sign-in', () => {
  const input: TeamsInput = { seed: DATA, features: makeFeatures() };
  describePathTests({
    machine: teamsMachine,
    input,
    events,
    label,
    start: starter(input),
    executors,
  });
});
