import { describe, expect } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TeamsData } from '../../src/machines/teams/teams.actors';
import { createTeamsMachine } from '../../src/machines/teams/teams.machine';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { makeMailbox, makeTeam } from '../support/settings-fixtures';
import { transitionChecks } from './support/checks';

// The teams tab beyond the list-tab states (list-tab.transitions.test.ts) and Create team
// (limits.transitions.test.ts): the forms Edit and Remove open.

const checks = transitionChecks();
const teams = createTeamsMachine(offlineClient);
const SALES = makeTeam(1, 'Sales', ['sales@acme.example']);
const SUPPORT = makeTeam(2, 'Support', ['support@acme.example']);

function start() {
  const data: TeamsData = {
    teams: [SALES, SUPPORT],
    mailboxes: [makeMailbox('sales@acme.example'), makeMailbox('support@acme.example')],
  };
  const machine = teams.provide({
    actors: {
      load: fromPromise<TeamsData, { features: Features }>(() => new Promise(() => undefined)),
    },
  });
  return createActor(machine, { input: { seed: data, features: makeFeatures() } }).start();
}

describe('teams: Edit and Remove', () => {
  checks.it(
    teams,
    ['openEditor'],
    "Edit opens the team's name and members; the other teams' names are taken, whatever the case",
    () => {
      const actor = start();
      actor.send({ type: 'EDIT', team: SALES });
      const editor = actor.getSnapshot().children.editor?.getSnapshot();
      expect(editor?.hasTag('visible')).toBe(true);
      expect(editor?.context.draft).toEqual({
        id: 1,
        name: 'Sales',
        members: ['sales@acme.example'],
        takenNames: new Set(['support']),
      });
    },
  );

  checks.it(teams, ['openRemover'], 'Remove asks about the ticked teams by name', () => {
    const actor = start();
    actor.send({ type: 'REMOVE', teams: [SALES, SUPPORT] });
    const remover = actor.getSnapshot().children.remover?.getSnapshot();
    expect(remover?.hasTag('visible')).toBe(true);
    expect(remover?.context.draft).toEqual({ ids: [1, 2], names: ['Sales', 'Support'] });
  });
});

checks.keep();
