import { describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { WorkspaceLists } from '../../src/machines/workspace-data/workspace-data.actors';
import { createWorkspaceDataMachine } from '../../src/machines/workspace-data/workspace-data.machine';
import { listSeed, workspaceDataView } from '../../src/machines/workspace-data/workspace-data.view';
import type { Features } from '../../src/session/user-info';
import { emptyLists, makeUser } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { makeTeam } from '../support/settings-fixtures';
import { transitionChecks } from './support/checks';

// The lists loaded at sign-in: an admin's shell waits for them and the tabs start from them;
// other roles load none.

const checks = transitionChecks();
const workspaceData = createWorkspaceDataMachine(offlineClient);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const LISTS: WorkspaceLists = {
  ...emptyLists,
  teams: { status: 'loaded', data: [makeTeam(1, 'Sales', [])] },
};

function start() {
  const loads: Features[] = [];
  const machine = workspaceData.provide({
    actors: {
      loadWorkspaceData: fromPromise<WorkspaceLists, { features: Features }>(({ input }) => {
        loads.push(input.features);
        return Promise.resolve(LISTS);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads, view: () => workspaceDataView(actor.getSnapshot()) };
}

describe('workspace data', () => {
  checks.it(
    workspaceData,
    ['isAdmin', 'assignLists'],
    "keeps an admin's shell loading until the lists are in, then seeds the tabs from them",
    async () => {
      const { actor, loads, view } = start();
      expect(view().pending).toBe(true);
      const admin = makeUser('admin');
      actor.send({ type: 'LOAD', user: admin });
      expect(view().pending).toBe(true);
      await flush();
      expect(loads).toEqual([admin.features]);
      expect(view().pending).toBe(false);
      expect(listSeed(view().lists, 'teams', ['mailboxes'])).toEqual({
        teams: [makeTeam(1, 'Sales', [])],
        mailboxes: [],
      });
    },
  );

  checks.it(
    workspaceData,
    ['isAdmin'],
    'loads nothing for a manager or a viewer, and lets their shell show',
    () => {
      for (const role of ['manager', 'viewer'] as const) {
        const { actor, loads, view } = start();
        actor.send({ type: 'LOAD', user: makeUser(role) });
        expect(view()).toEqual({ pending: false, lists: null });
        expect(loads).toEqual([]);
      }
    },
  );
});

checks.keep();
