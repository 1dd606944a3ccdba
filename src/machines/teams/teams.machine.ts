import type { Team } from '@/api/types';
import { assign, sendTo, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import type { Features } from '@/session/user-info';
import { LIST_TAB_CHILDREN, listLoadStates, listRegion } from '../shared/list-tab.states';
import {
  createModalSaveMachine,
  createRemoveMachine,
  type ModalSavedEvent,
} from '../shared/modal-save.machine';
import { tableMachine } from '../shared/table.machine';
import { createTeamsActors, type RemoveTeamsDraft, type TeamsData } from './teams.actors';
import { canSubmitTeam, EMPTY_TEAM_DRAFT, type TeamDraft } from './teams.draft';
import { TEAM_CREATED_TOAST, TEAM_EDITED_TOAST, teamRow, teamsRemovedToast } from './teams.rows';
import { describeNamed } from '../shared/describe-named';

/** The tab's modals over the client; tests stand in their save calls. */
export function createTeamsModals(client: ApiClient) {
  const actors = createTeamsActors(client);
  return {
    editor: createModalSaveMachine({
      id: 'teamEditor',
      emptyDraft: EMPTY_TEAM_DRAFT,
      save: actors.saveTeam,
      canSubmit: canSubmitTeam,
      successToast: (draft) => (draft.id === null ? TEAM_CREATED_TOAST : TEAM_EDITED_TOAST),
    }),
    remover: createRemoveMachine({
      id: 'removeTeams',
      emptyDraft: { ids: [], names: [] } satisfies RemoveTeamsDraft,
      save: actors.removeTeams,
      successToast: teamsRemovedToast,
    }),
  };
}

export interface TeamsInput {
  /** The lists the shell loaded at sign-in, shown at once while fresh ones load. */
  seed: TeamsData | null;
  features: Features;
}

interface TeamsContext extends TeamsData {
  features: Features;
}

export type TeamsEvent =
  | { type: 'RETRY' }
  | { type: 'CREATE' }
  | { type: 'EDIT'; team: Team }
  | { type: 'REMOVE'; teams: Team[] }
  | ModalSavedEvent;

function draftFor(context: TeamsContext, team: Team | null): TeamDraft {
  const others = context.teams.filter((other) => other.id !== team?.id);
  const takenNames = new Set(others.map((other) => other.name.trim().toLowerCase()));
  if (!team) return { ...EMPTY_TEAM_DRAFT, takenNames };
  return { id: team.id, name: team.name, members: team.members, takenNames };
}

/** The teams tab: the lists, the table, the create/edit and remove modals. */
export function createTeamsMachine(client: ApiClient) {
  const actors = createTeamsActors(client);
  const teamsSetup = setup({
    types: { context: {} as TeamsContext, events: {} as TeamsEvent, input: {} as TeamsInput },
    actors: {
      load: actors.loadTeamsData,
      table: tableMachine,
      ...createTeamsModals(client),
    },
    guards: {
      hasSeed: ({ context }) => context.teams.length > 0,
      isRemoval: ({ event }) => event.type === 'MODAL_SAVED' && event.modal === 'removeTeams',
    },
    actions: {
      assignData: assign((_, params: { data: TeamsData }) => params.data),
      showRows: sendTo('table', ({ context }) => ({
        type: 'SET_ROWS' as const,
        rows: context.teams.map(teamRow),
      })),
      clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
      openEditor: sendTo('editor', ({ context }, params: { team: Team | null }) => ({
        type: 'OPEN' as const,
        draft: draftFor(context, params.team),
      })),
      openRemover: sendTo('remover', (_, params: { teams: Team[] }) => ({
        type: 'OPEN' as const,
        draft: {
          ids: params.teams.map((team) => team.id),
          names: params.teams.map((team) => team.name),
        },
      })),
    },
  });
  return teamsSetup.createMachine({
    id: 'teams',
    description:
      'The teams tab: the teams with their members, creating, editing and removing them.',
    meta: describeNamed(teamsSetup, {
      guards: {
        hasSeed: 'The teams loaded at sign-in are at hand, so the list shows at once',
        isRemoval: 'The modal that saved is the remove modal, so ticked rows are unticked',
      },
      actions: {
        assignData: 'Keeps the teams and mailboxes the server sent',
        showRows: 'Puts the teams into the table as rows',
        clearSelection: 'Unticks every row of the table',
        openEditor:
          "Opens the team modal: empty to create a team, or filled with the team to edit (other teams' names are taken)",
        openRemover: 'Opens the remove modal with the chosen teams',
      },
    }),
    context: ({ input }) => ({
      teams: input.seed?.teams ?? [],
      mailboxes: input.seed?.mailboxes ?? [],
      features: input.features,
    }),
    invoke: LIST_TAB_CHILDREN,
    initial: 'starting',
    states: {
      ...listLoadStates<TeamsData>(),
      ready: {
        description: 'The list is on show; Create, Edit and Remove open their modals',
        type: 'parallel',
        on: {
          CREATE: { actions: { type: 'openEditor', params: { team: null } } },
          EDIT: { actions: { type: 'openEditor', params: ({ event }) => ({ team: event.team }) } },
          REMOVE: {
            actions: { type: 'openRemover', params: ({ event }) => ({ teams: event.teams }) },
          },
        },
        states: { list: listRegion<TeamsData>('teams') },
      },
    },
  });
}

export type TeamsMachine = ReturnType<typeof createTeamsMachine>;
