import { describe } from 'vitest';
import { createActor } from 'xstate';
import type { WorkspaceLists } from '../../src/machines/workspace-data/workspace-data.actors';
import {
  createWorkspaceDataMachine,
  type WorkspaceDataEvent,
} from '../../src/machines/workspace-data/workspace-data.machine';
import type { Features } from '../../src/session/user-info';
import { emptyLists, makeUser } from '../support/fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type WorkspaceTestActor = ReturnType<typeof start>['actor'];

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createWorkspaceDataMachine(offlineClient).provide({
    actors: {
      loadWorkspaceData: actors.promise<WorkspaceLists, { features: Features }>(
        'loadWorkspaceData',
      ),
    },
  });
  return { actor: createActor(machine, { clock }).start(), actors, clock };
}

const executors = {
  LOAD: (actor, event) => actor.send(event),
} satisfies Executors<WorkspaceTestActor, WorkspaceDataEvent>;

describe('workspace data machine paths', () => {
  describePathTests({
    machine: createWorkspaceDataMachine(offlineClient),
    events: [
      { type: 'LOAD', user: makeUser('admin') },
      { type: 'LOAD', user: makeUser('manager') },
      { type: 'xstate.done.actor.loadWorkspaceData', output: emptyLists },
    ],
    start,
    executors,
  });
});
