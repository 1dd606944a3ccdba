import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SaveInput } from '../../../src/machines/shared/modal-save.machine';
import type { UsersData } from '../../../src/machines/users/users.actors';
import type { UsersDraft } from '../../../src/machines/users/users.draft';
import { createUsersModals, createUsersMachine } from '../../../src/machines/users/users.machine';
import { UsersTab } from '../../../src/routes/_shell/settings/-components/users/UsersTab';
import { makeUser } from '../../support/fixtures';
import { makeMailbox, makeSettingsUser, makeTeam } from '../../support/settings-fixtures';
import { renderTab } from './render-tab';
import { offlineClient } from '../../support/offline-client';

const ADMIN = makeUser('admin');
const DATA: UsersData = {
  users: [
    makeSettingsUser(ADMIN.email, { role: 'admin', full_name: 'Ada Admin' }),
    makeSettingsUser('max@acme.example', {
      role: 'manager',
      full_name: 'Max Manager',
      can_see_data_for: { teams: [1], mailboxes: ['sales@acme.example', 'info@acme.example'] },
    }),
    makeSettingsUser('vera@acme.example', { role: 'viewer', full_name: 'Vera Viewer' }),
  ],
  mailboxes: [makeMailbox('vera@acme.example'), makeMailbox('sales@acme.example')],
  teams: [makeTeam(1, 'Sales', ['sales@acme.example'])],
};

async function renderUsers(maxUsers = 10) {
  const saveUsers = vi.fn<(input: SaveInput<UsersDraft>) => Promise<void>>(async () => undefined);
  const removeUsers = vi.fn<(input: unknown) => Promise<void>>(async () => undefined);
  const machine = createUsersMachine(offlineClient).provide({
    actors: {
      load: fromPromise(async () => DATA),
      editor: createUsersModals(offlineClient).editor.provide({
        actors: { save: fromPromise(({ input }) => saveUsers(input)) },
      }),
      remover: createUsersModals(offlineClient).remover.provide({
        actors: { save: fromPromise(({ input }) => removeUsers(input)) },
      }),
    },
  });
  await renderTab(<UsersTab machine={machine} user={{ ...ADMIN, maxUsers }} seed={null} />);
  await screen.findByRole('cell', { name: 'Max Manager' });
  return { saveUsers, removeUsers };
}

const rowOf = (email: string) => {
  const row = screen.getAllByRole('cell', { name: email })[0]?.closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
};

async function openAddUsers() {
  await userEvent.click(screen.getByRole('button', { name: 'Add new users' }));
  return within(await screen.findByRole('dialog', { name: 'Add new users' }));
}

describe('users tab', () => {
  it('shows what each role can see', async () => {
    await renderUsers();
    expect(rowOf(ADMIN.email).getByText('All mailboxes')).toBeInTheDocument();
    expect(rowOf('max@acme.example').getByText('1 team, 2 mailboxes')).toBeInTheDocument();
    expect(rowOf('vera@acme.example').getAllByText('vera@acme.example')).toHaveLength(2);
  });

  it('marks the addresses and the role as required', async () => {
    await renderUsers();
    const dialog = await openAddUsers();
    expect(dialog.getByLabelText('Email addresses')).toHaveAttribute('aria-required', 'true');
    expect(dialog.getByText('Email addresses')).toHaveClass('field-label-required');
    expect(dialog.getByText('Role')).toHaveClass('field-label-required');
  });

  it('does not let the signed-in user select, edit or remove their own row', async () => {
    await renderUsers();
    expect(screen.getByRole('checkbox', { name: `Select ${ADMIN.email}` })).toBeDisabled();
    expect(screen.queryByRole('button', { name: `Actions for ${ADMIN.email}` })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('shows invalid addresses in red and the spec message, and needs a role', async () => {
    await renderUsers();
    const dialog = await openAddUsers();
    const submit = dialog.getByRole('button', { name: 'Add users' });
    await userEvent.type(dialog.getByLabelText('Email addresses'), 'olivia@acme.example; nope ');
    expect(dialog.getByText('nope').closest('.chip')).toHaveClass('chip-invalid');
    expect(dialog.getByText('Please check that all email addresses are correct.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove nope' }));
    expect(submit).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: /Admin/ }));
    expect(submit).toBeEnabled();
    await userEvent.type(dialog.getByLabelText('Email addresses'), 'ethan');
    expect(submit).toBeDisabled();
  });

  it('says which viewers have no tracked mailbox, as the spec writes it', async () => {
    await renderUsers();
    const dialog = await openAddUsers();
    await userEvent.click(dialog.getByRole('radio', { name: /Viewer/ }));
    const input = dialog.getByLabelText('Email addresses');
    await userEvent.type(input, 'olivia@acme.example ');
    expect(dialog.getByText("This user don't have a tracked mailbox")).toBeVisible();
    await userEvent.type(input, 'ethan@acme.example ');
    expect(dialog.getByText("These users doesn't have a tracked mailboxes")).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Add users' })).toBeDisabled();
  });

  it('asks a manager for teams or mailboxes, then saves and toasts in words', async () => {
    const { saveUsers } = await renderUsers();
    const dialog = await openAddUsers();
    await userEvent.type(
      dialog.getByLabelText('Email addresses'),
      'a@acme.example b@acme.example ',
    );
    await userEvent.click(dialog.getByRole('radio', { name: /Manager/ }));
    const submit = dialog.getByRole('button', { name: 'Add users' });
    expect(submit).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: /^Sales/ }));
    await userEvent.click(submit);
    expect(
      await screen.findByText('Two new users added!', { selector: '.toast-title' }),
    ).toBeVisible();
    expect(saveUsers.mock.calls[0]?.[0].draft).toMatchObject({
      emails: ['a@acme.example', 'b@acme.example'],
      role: 'manager',
      teams: [1],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns when fewer than 3 slots remain and refuses more users than slots', async () => {
    await renderUsers(5);
    const dialog = await openAddUsers();
    expect(dialog.getByText('You can add only 2 more users to this workspace.')).toBeVisible();
    await userEvent.type(
      dialog.getByLabelText('Email addresses'),
      'a@acme.example b@acme.example c@acme.example ',
    );
    await userEvent.click(dialog.getByRole('radio', { name: /Admin/ }));
    expect(
      dialog.getByText(/You're trying to add 3 users, but you only have 2 slots remaining/),
    ).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Add users' })).toBeDisabled();
  });

  it('opens the user-limit modal when the workspace is full', async () => {
    await renderUsers(3);
    await userEvent.click(screen.getByRole('button', { name: 'Add new users' }));
    expect(
      await screen.findByRole('dialog', { name: "You've reached your user limit" }),
    ).toBeVisible();
  });

  it('edits a role and toasts Role updated', async () => {
    const { saveUsers } = await renderUsers();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for vera@acme.example' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit role' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit role' }));
    expect(dialog.getByRole('radio', { name: /Viewer/ })).toBeChecked();
    await userEvent.click(dialog.getByRole('radio', { name: /Admin/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role updated', { selector: '.toast-title' })).toBeVisible();
    expect(saveUsers.mock.calls[0]?.[0].draft).toMatchObject({
      editing: { email: 'vera@acme.example', role: 'viewer' },
      role: 'admin',
    });
  });

  it('removes users and toasts the number in words', async () => {
    const { removeUsers } = await renderUsers();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove 2 users' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Two users removed', { selector: '.toast-title' }),
    ).toBeVisible();
    expect(removeUsers).toHaveBeenCalledWith({
      draft: {
        emails: ['max@acme.example', 'vera@acme.example'],
        names: ['Max Manager', 'Vera Viewer'],
      },
    });
  });
});
