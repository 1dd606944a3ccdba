import type { TeamsData } from '../../src/machines/teams/teams.actors';
import {
  createTeamsMachine,
  type TeamsMachine,
  type TeamsEvent,
} from '../../src/machines/teams/teams.machine';
import type { Features } from '../../src/session/user-info';
import { makeFeatures } from '../support/fixtures';
import { makeMailbox, makeTeam } from '../support/settings-fixtures';
import { describeListTabPaths, loadOutcomes } from './support/list-tab';
import { sendEvent as send, type Executors, type PathEvent } from './support/paths';
import { offlineClient } from '../support/offline-client';

const SALES = makeTeam(1, 'Sales', ['sales@acme.example']);
const DATA: TeamsData = { teams: [SALES], mailboxes: [makeMailbox('sales@acme.example')] };

const executors = {
  RETRY: send,
  CREATE: send,
  EDIT: send,
  REMOVE: send,
  MODAL_SAVED: send,
} satisfies Executors<{ send(event: TeamsEvent): void }, TeamsEvent>;

const events: PathEvent<TeamsMachine>[] = [
  { type: 'RETRY' },
  { type: 'CREATE' },
  { type: 'EDIT', team: SALES },
  { type: 'REMOVE', teams: [SALES] },
  { type: 'MODAL_SAVED', modal: 'teamEditor' },
  { type: 'MODAL_SAVED', modal: 'removeTeams' },
  ...loadOutcomes(DATA),
];

describeListTabPaths({
  name: 'teams',
  provide: (actors) =>
    createTeamsMachine(offlineClient).provide({
      actors: { load: actors.promise<TeamsData, { features: Features }>('load') },
    }),
  input: { features: makeFeatures() },
  seed: DATA,
  events,
  executors,
});
