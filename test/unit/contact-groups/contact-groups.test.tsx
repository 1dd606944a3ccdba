import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createContactGroupsMachine } from '../../../src/machines/contact-groups/contact-groups.machine';
import { ContactGroupsPage } from '../../../src/routes/_shell/settings/-components/contact-groups/ContactGroupsPage';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeGroupsApi, GROUPS_BASE } from './fake-groups';

const SEED = {
  'Key accounts': ['ceo@bigclient.example', 'initech.example', 'cfo@globex.example'],
  Partners: ['partner.example'],
};

afterEach(() => dismissAllToasts());

function renderPage(groups: Record<string, string[]> = SEED, readOnly = false) {
  const api = fakeGroupsApi(groups);
  const machine = createContactGroupsMachine(api.client);
  render(
    <>
      <ContactGroupsPage readOnly={readOnly} machine={machine} />
      <Toaster />
    </>,
  );
  return api;
}

const groupNames = () =>
  within(screen.getByRole('list', { name: 'Contact groups' }))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-pressed'))
    .map((button) => button.textContent);
const contactItems = () =>
  within(screen.getByRole('list', { name: 'Contacts' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.cg-contact-item')?.textContent);

async function ready() {
  await screen.findByRole('list', { name: 'Contacts' });
}

describe('contact groups page', () => {
  it('lists the groups with their counts and the first group’s contacts', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Contact Groups' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Organize email addresses and domains in groups for easier reporting and filtering.',
      ),
    ).toBeInTheDocument();
    await ready();
    expect(groupNames()).toEqual(['Key accounts3 contacts', 'Partners1 contact']);
    expect(screen.getByRole('heading', { name: 'Key accounts' })).toBeInTheDocument();
    expect(contactItems()).toEqual([
      'ceo@bigclient.example',
      'cfo@globex.example',
      'initech.example',
    ]);
  });

  it('sorts groups by name and contacts by item, reversing on a second choice', async () => {
    const user = userEvent.setup();
    renderPage();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Name, sorted ascending' }));
    expect(groupNames()).toEqual(['Partners1 contact', 'Key accounts3 contacts']);
    await user.click(screen.getByRole('button', { name: 'Name, sorted descending' }));
    expect(groupNames()[0]).toBe('Key accounts3 contacts');
    await user.click(screen.getByRole('button', { name: 'Contact, sorted ascending' }));
    expect(contactItems()[0]).toBe('initech.example');
  });

  it('selects all or none, shows Remove contacts with a selection, and clears it on another group', async () => {
    const user = userEvent.setup();
    renderPage();
    await ready();
    expect(screen.queryByRole('button', { name: 'Remove contacts' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select ceo@bigclient.example' }));
    expect(screen.getByRole('checkbox', { name: 'Select all contacts' })).toHaveProperty(
      'indeterminate',
      true,
    );
    expect(screen.getByRole('button', { name: 'Remove contacts' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all contacts' }));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4);
    await user.click(screen.getByRole('checkbox', { name: 'Select all contacts' }));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Select initech.example' }));
    await user.click(screen.getByRole('button', { name: /^Partners/ }));
    await waitFor(() => expect(contactItems()).toEqual(['partner.example']));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('marks the name and the contacts of a new group as required', async () => {
    const user = userEvent.setup();
    renderPage();
    await ready();
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New contact group' }));
    expect(dialog.getByRole('textbox', { name: 'Group name' })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(dialog.getByText('Group name')).toHaveClass('field-label-required');
    expect(dialog.getByText('Email addresses and domains')).toHaveClass('field-label-required');
  });

  it('creates a group after the confirm save modal, refusing repeated names and invalid entries', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await ready();
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = screen.getByRole('dialog', { name: 'New contact group' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'partners');
    expect(
      within(dialog).getByText('Please check that the name is not repeated'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Group name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Group name' }), 'Suppliers');
    const entries = within(dialog).getByRole('textbox', { name: 'Email addresses and domains' });
    await user.type(entries, 'ann@supplier.example ann@supplier.example bad@{Enter}');
    expect(
      within(dialog).getByText('Please check that all email addresses are correct.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove bad@' }));
    await user.type(entries, 'Supplier.example{Enter}');
    // The repeat was dropped.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['ann@supplier.example', 'supplier.example']);
    await user.click(save);
    const confirm = screen.getByRole('dialog', { name: 'Create this group?' });
    expect(confirm).toHaveTextContent('The group Suppliers will be created with 2 contacts.');
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('New contact group created', { exact: true }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `${GROUPS_BASE}create/`)[0]?.body).toEqual({
      name: 'Suppliers',
      contacts: [{ address: 'ann@supplier.example' }, { domain: 'supplier.example' }],
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Suppliers' })).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(contactItems()).toEqual(['ann@supplier.example', 'supplier.example']),
    );
  });

  it('adds contacts to the chosen group, and renames it keeping its own name allowed', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Add contacts' }));
    const add = screen.getByRole('dialog', { name: 'Add contacts' });
    expect(within(add).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(
      within(add).getByRole('textbox', { name: 'Email addresses and domains' }),
      'initech.example new@globex.example{Enter}',
    );
    expect(within(add).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Add these contacts?' })).toHaveTextContent(
      '1 contact will be added to the group Key accounts.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(contactItems()).toContain('new@globex.example'));
    expect(api.callsTo('POST', `${GROUPS_BASE}add_contacts/`)[0]?.query.get('name')).toBe(
      'Key accounts',
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Key accounts' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const rename = screen.getByRole('dialog', { name: 'Rename contact group' });
    const name = within(rename).getByRole('textbox', { name: 'Group name' });
    expect(name).toHaveValue('Key accounts');
    expect(within(rename).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(name);
    await user.type(name, 'VIP accounts');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Contact group renamed', { exact: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'VIP accounts' })).toBeInTheDocument(),
    );
  });

  it('removes a group from its menu through a modal without a close button', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Actions for Partners' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove group' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove group' });
    expect(dialog).toHaveTextContent('The group Partners and its 1 contact will be removed.');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove group' }));
    expect(await screen.findByText('Contact group removed', { exact: true })).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${GROUPS_BASE}delete_group/`)[0]?.query.get('name')).toBe(
      'Partners',
    );
    await waitFor(() => expect(groupNames()).toEqual(['Key accounts3 contacts']));
  });

  it('removes some contacts, and removing them all removes the group', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Actions for initech.example' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove contact' }));
    const one = screen.getByRole('dialog', { name: 'Remove contact' });
    expect(one).toHaveTextContent('initech.example will be removed from Key accounts.');
    await user.click(within(one).getByRole('button', { name: 'Remove contact' }));
    await waitFor(() => expect(contactItems()).toHaveLength(2));
    expect(api.callsTo('POST', `${GROUPS_BASE}remove_contacts/`)).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Select all contacts' }));
    await user.click(screen.getByRole('button', { name: 'Remove contacts' }));
    const all = screen.getByRole('dialog', { name: 'Remove group' });
    expect(all).toHaveTextContent(
      'You are removing every contact of Key accounts, so the group will be removed too.',
    );
    await user.click(within(all).getByRole('button', { name: 'Remove group' }));
    await waitFor(() => expect(groupNames()).toEqual(['Partners1 contact']));
    expect(screen.getByRole('heading', { name: 'Partners' })).toBeInTheDocument();
  });

  it('shows the empty state with Create group', async () => {
    const user = userEvent.setup();
    renderPage({});
    expect(
      await screen.findByRole('heading', { name: 'Organize your contacts in groups' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByRole('dialog', { name: 'New contact group' })).toBeInTheDocument();
  });

  it('hides every editing control when read-only', async () => {
    renderPage(SEED, true);
    await ready();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add contacts' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});
