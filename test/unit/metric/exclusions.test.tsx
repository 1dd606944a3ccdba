import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyExcludedFilters, type ExcludedFilters } from '../../../common/exclusions';
import { EXCLUSIONS_SAVED } from '../../../src/machines/metric-adjustments/exclusions.machine';
import { createExclusionsMachine } from '../../../src/machines/metric-adjustments/exclusions.machine';
import { DASHBOARD_TOMORROW } from '../../../src/machines/shared/save-toasts';
import {
  EXCLUSIONS_DOCS_URL,
  ExclusionsCard,
} from '../../../src/routes/_shell/settings/-components/metric/ExclusionsCard';
import { INVALID_CONDITION_ENTRIES } from '../../../src/routes/_shell/settings/-components/metric/ExclusionRowEditor';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeApi } from '../support/fake-api';

const PATH = '/portal/api/settings/filtering-settings/';

afterEach(() => dismissAllToasts());

function renderCard(provider = 'G', filters: ExcludedFilters = emptyExcludedFilters()) {
  let stored = {
    filtering_settings: { excluded_filters: filters, internal_domains: ['partner.example'] },
    client_domains: { default_domains: ['acme.example'] },
  };
  const api = fakeApi({
    [`GET ${PATH}`]: () => ({ body: stored }),
    [`POST ${PATH}`]: (call) => {
      stored = { ...stored, ...(call.body as typeof stored) };
      return { body: stored };
    },
  });
  const machine = createExclusionsMachine(api.client);
  render(
    <>
      <ExclusionsCard provider={provider} readOnly={false} machine={machine} />
      <Toaster />
    </>,
  );
  return api;
}

const save = () => screen.getByRole('button', { name: 'Save' });
const values = (n: number) => screen.getByRole('textbox', { name: `Condition ${n} values` });

/** The texts of a select's options, in order. */
const optionsOf = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

async function addFirstCondition(provider: string) {
  renderCard(provider);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Add condition' }));
}

async function typeEntries(user: ReturnType<typeof userEvent.setup>, n: number, text: string) {
  await user.type(values(n), `${text}{Enter}`);
}

describe('Exclude Emails', () => {
  it('shows the title, subtitle and a Learn more link', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Exclude Emails' })).toBeInTheDocument();
    expect(
      screen.getByText('Prevent emails with certain conditions from showing up in your dashboard.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute(
      'href',
      EXCLUSIONS_DOCS_URL,
    );
  });

  it('offers Label to Google workspaces, and Category and Folder to the others', async () => {
    await addFirstCondition('G');
    expect(optionsOf('Condition 1 field')).toEqual(['Address', 'Domain', 'Subject', 'Label']);
    expect(optionsOf('Condition 1 operator')).toEqual(['is', 'contains']);
  });

  it('offers Category and Folder to Microsoft workspaces', async () => {
    await addFirstCondition('M');
    expect(optionsOf('Condition 1 field')).toEqual([
      'Address',
      'Domain',
      'Subject',
      'Category',
      'Folder',
    ]);
  });

  it('applies every Save-disabling rule', async () => {
    const user = userEvent.setup();
    renderCard();
    // No rows.
    await screen.findByRole('button', { name: 'Add condition' });
    expect(save()).toBeDisabled();
    // A row without entries.
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(save()).toBeDisabled();
    // An invalid entry (Address is needs an email), marked and explained.
    await typeEntries(user, 1, 'not-an-email');
    expect(screen.getByText(INVALID_CONDITION_ENTRIES)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    // Address contains accepts a fragment: the operator re-validates the entries.
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition 1 operator' }),
      'contains',
    );
    expect(screen.queryByText(INVALID_CONDITION_ENTRIES)).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
    // Back to is, then Domain is: the field re-validates them too.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition 1 operator' }), 'is');
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove not-an-email' }));
    await typeEntries(user, 1, 'ceo@bigclient.example');
    expect(save()).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition 1 field' }), 'Domain');
    expect(save()).toBeDisabled();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition 1 field' }),
      'Subject',
    );
    expect(save()).toBeEnabled();
    // A second, empty row keeps it disabled: rows are joined by OR.
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    expect(save()).toBeEnabled();
  });

  it('saves the conditions over the stored internal domains, toasts, reloads and waits for an edit', async () => {
    const user = userEvent.setup();
    const api = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition 1 field' }), 'Domain');
    await typeEntries(user, 1, 'Spam.example *.ads.example');
    await user.click(save());
    expect(await screen.findByText(EXCLUSIONS_SAVED, { exact: true })).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_TOMORROW, { exact: true }).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', PATH)[0]?.body).toEqual({
      client_domains: { default_domains: ['acme.example'] },
      filtering_settings: {
        excluded_filters: {
          ...emptyExcludedFilters(),
          domains: { is: ['spam.example', '*.ads.example'], contains: [] },
        },
        internal_domains: ['partner.example'],
      },
    });
    // Read before the save (to keep the other block's part), at start and after it.
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(3));
    await waitFor(() => expect(save()).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Remove spam.example' })).toBeInTheDocument();
  });

  it('allows saving the empty set once the last row is removed', async () => {
    const user = userEvent.setup();
    const api = renderCard('G', {
      ...emptyExcludedFilters(),
      subject: { is: [], contains: ['Newsletter'] },
    });
    expect(await screen.findByRole('button', { name: 'Remove Newsletter' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(save()).toBeEnabled();
    await user.click(save());
    await waitFor(() => expect(api.callsTo('POST', PATH)).toHaveLength(1));
    const body = api.callsTo('POST', PATH)[0]?.body as {
      filtering_settings: { excluded_filters: ExcludedFilters };
    };
    expect(body.filtering_settings.excluded_filters).toEqual(emptyExcludedFilters());
  });
});
