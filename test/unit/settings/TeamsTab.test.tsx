import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import type { SaveInput } from '../../../src/machines/shared/modal-save.machine';
import type { RemoveTeamsDraft, TeamsData } from '../../../src/machines/teams/teams.actors';
import type { TeamDraft } from '../../../src/machines/teams/teams.draft';
import { createTeamsModals, createTeamsMachine } from '../../../src/machines/teams/teams.machine';
import { TeamsTab } from '../../../src/routes/_shell/settings/-components/teams/TeamsTab';
import { makeUser, type FeatureOverrides } from '../../support/fixtures';
import { makeMailbox, makeTeam } from '../../support/settings-fixtures';
import { renderTab } from './render-tab';
import { offlineClient } from '../../support/offline-client';

const TOMORROW = 'This change will be reflected in your dashboard tomorrow at 00:01 local time';
const DATA: TeamsData = {
  teams: [
    makeTeam(1, 'Sales', ['sales@acme.example', 'liam@acme.example']),
    makeTeam(2, 'Support', ['support@acme.example']),
  ],
  mailboxes: ['sales@acme.example', 'liam@acme.example', 'support@acme.example'].map((email) =>
    makeMailbox(email),
  ),
};

interface Options {
  data?: TeamsData;
  save?: (input: SaveInput<TeamDraft>) => Promise<void>;
  features?: FeatureOverrides;
}

async function renderTeams({ data = DATA, save, features = {} }: Options = {}) {
  const saveTeam = vi.fn(save ?? (async () => undefined));
  const machine = createTeamsMachine(offlineClient).provide({
    actors: {
      load: fromPromise(async () => data),
      editor: createTeamsModals(offlineClient).editor.provide({
        actors: { save: fromPromise(({ input }) => saveTeam(input)) },
      }),
      remover: createTeamsModals(offlineClient).remover.provide({
        actors: { save: fromPromise<void, SaveInput<RemoveTeamsDraft>>(async () => undefined) },
      }),
    },
  });
  await renderTab(<TeamsTab machine={machine} user={makeUser('admin', features)} seed={null} />);
  return { saveTeam };
}

async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create new team' }));
  return within(await screen.findByRole('dialog', { name: 'Create new team' }));
}

describe('teams tab', () => {
  it('lists name, members and created date', async () => {
    await renderTeams();
    const row = (await screen.findByRole('cell', { name: 'Sales' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 mailboxes')).toBeInTheDocument();
    expect(within(row).getByText('Apr 02, 2025')).toBeInTheDocument();
  });

  it('marks the name and the mailboxes as required', async () => {
    await renderTeams();
    const dialog = await openCreate();
    expect(dialog.getByLabelText('Team name')).toHaveAttribute('aria-required', 'true');
    expect(dialog.getByText('Team name')).toHaveClass('field-label-required');
    expect(dialog.getByText('Mailboxes')).toHaveClass('field-label-required');
  });

  it('needs a name and a mailbox, and refuses an existing name in any case', async () => {
    const { saveTeam } = await renderTeams();
    const dialog = await openCreate();
    const submit = dialog.getByRole('button', { name: 'Create team' });
    await userEvent.type(dialog.getByLabelText('Team name'), 'sUPPORT');
    await userEvent.click(dialog.getByRole('checkbox', { name: /liam@acme\.example/ }));
    expect(dialog.getByText('This team name already exists')).toBeVisible();
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Team name'), ' EMEA');
    await userEvent.click(submit);
    expect(await screen.findByText('New team created', { selector: '.toast-title' })).toBeVisible();
    expect(screen.getByText(TOMORROW, { selector: '.toast-description' })).toBeVisible();
    expect(saveTeam.mock.calls[0]?.[0].draft).toMatchObject({
      id: null,
      name: 'sUPPORT EMEA',
      members: ['liam@acme.example'],
    });
  });

  it("shows the server's name refusal under the name", async () => {
    await renderTeams({
      save: async () => {
        throw new ApiFailure({ kind: 'invalid', message: 'This team name already exists' });
      },
    });
    const dialog = await openCreate();
    await userEvent.type(dialog.getByLabelText('Team name'), 'Billing');
    await userEvent.click(dialog.getByRole('checkbox', { name: /liam@acme\.example/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create team' }));
    expect(await dialog.findByText('This team name already exists')).toBeVisible();
    expect(dialog.getByLabelText('Team name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says Saving... while the team is saved', async () => {
    let finish = () => undefined as void;
    await renderTeams({
      save: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });
    const dialog = await openCreate();
    await userEvent.type(dialog.getByLabelText('Team name'), 'EMEA');
    await userEvent.click(dialog.getByRole('checkbox', { name: /liam@acme\.example/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create team' }));
    expect(dialog.getByText('Saving...')).toBeVisible();
    finish();
    expect(await screen.findByText('New team created', { selector: '.toast-title' })).toBeVisible();
  });

  it('edits a team and toasts Team edited', async () => {
    const { saveTeam } = await renderTeams();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Sales' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit team' }));
    expect(dialog.getByLabelText('Team name')).toHaveValue('Sales');
    await userEvent.click(dialog.getByRole('checkbox', { name: /support@acme\.example/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team edited', { selector: '.toast-title' })).toBeVisible();
    expect(saveTeam.mock.calls[0]?.[0].draft).toMatchObject({
      id: 1,
      members: ['sales@acme.example', 'liam@acme.example', 'support@acme.example'],
    });
  });

  it('removes teams and toasts Teams removed', async () => {
    await renderTeams();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove 2 teams' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Teams removed', { selector: '.toast-title' })).toBeVisible();
  });

  it('says Start by creating a team when there are none', async () => {
    await renderTeams({ data: { ...DATA, teams: [] } });
    expect(await screen.findByRole('heading', { name: 'Start by creating a team' })).toBeVisible();
  });

  it('hides creating, editing and selecting in read-only mode', async () => {
    await renderTeams({ features: { teams: { read_only: true } } });
    await screen.findByRole('cell', { name: 'Sales' });
    expect(screen.queryByRole('button', { name: 'Create new team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
