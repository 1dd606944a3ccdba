import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyExcludedFilters } from '../../../common/exclusions';
import {
  INTERNAL_DOMAINS_SAVED,
  createInternalDomainsMachine,
} from '../../../src/machines/metric-adjustments/internal-domains.machine';
import { DASHBOARD_TOMORROW } from '../../../src/machines/shared/save-toasts';
import { InternalDomainsCard } from '../../../src/routes/_shell/settings/-components/metric/InternalDomainsCard';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeApi } from '../support/fake-api';

const PATH = '/portal/api/settings/filtering-settings/';
const INVALID = 'Some of the entries are not valid domains.';
const subject = { ...emptyExcludedFilters(), subject: { is: ['Out of office'], contains: [] } };

afterEach(() => dismissAllToasts());

function renderCard({
  defaults = ['acme.example'],
  internal = ['partner.example'],
  readOnly = false,
} = {}) {
  let stored = {
    filtering_settings: { excluded_filters: subject, internal_domains: internal },
    client_domains: { default_domains: defaults },
  };
  const api = fakeApi({
    [`GET ${PATH}`]: () => ({ body: stored }),
    [`POST ${PATH}`]: (call) => {
      stored = { ...stored, ...(call.body as typeof stored) };
      return { body: stored };
    },
  });
  const machine = createInternalDomainsMachine(api.client);
  render(
    <>
      <InternalDomainsCard readOnly={readOnly} machine={machine} />
      <Toaster />
    </>,
  );
  return api;
}

const save = () => screen.getByRole('button', { name: 'Save' });
const input = () => screen.getByRole('textbox', { name: 'Internal domains' });
const chips = () =>
  within(screen.getByRole('list', { name: 'Internal domains entries' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

describe('Internal domains', () => {
  it('shows the subtitle, the placeholder, and the default domains first, undeletable', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Internal domains' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Manage the domains that you want to categorize as internal communications on your statistics.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(chips()).toEqual(['acme.exampleDefault', 'partner.example']));
    expect(input()).toHaveAttribute('placeholder', 'Type in or paste a list of domains');
    expect(screen.queryByRole('button', { name: 'Remove acme.example' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove partner.example' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('disables Save for an invalid entry, with the message, and drops repeats', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(
      await screen.findByRole('textbox', { name: 'Internal domains' }),
      'not_a_domain{Enter}',
    );
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove not_a_domain' }));
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    // Already listed, default or not: dropped, so nothing changed.
    await user.type(input(), 'ACME.example partner.example{Enter}');
    expect(chips()).toEqual(['acme.exampleDefault', 'partner.example']);
    expect(save()).toBeDisabled();
  });

  it('sends only the deletable entries, toasts, and returns to unchanged', async () => {
    const user = userEvent.setup();
    const api = renderCard();
    const field = await screen.findByRole('textbox', { name: 'Internal domains' });
    await user.click(field);
    await user.paste('supplier.example, reseller.example');
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText(INTERNAL_DOMAINS_SAVED, { exact: true })).toBeInTheDocument();
    expect(screen.getAllByText(DASHBOARD_TOMORROW, { exact: true }).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', PATH)[0]?.body).toEqual({
      client_domains: { default_domains: ['acme.example'] },
      filtering_settings: {
        excluded_filters: subject,
        internal_domains: ['partner.example', 'supplier.example', 'reseller.example'],
      },
    });
    await waitFor(() => expect(save()).toBeDisabled());
  });

  it('enables Save after a removal', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove partner.example' }));
    expect(save()).toBeEnabled();
  });

  it('disables Save when the list is empty', async () => {
    const user = userEvent.setup();
    renderCard({ defaults: [], internal: ['partner.example'] });
    await user.click(await screen.findByRole('button', { name: 'Remove partner.example' }));
    expect(save()).toBeDisabled();
    await user.type(input(), 'other.example{Enter}');
    expect(save()).toBeEnabled();
  });

  it('hides Save and the removal buttons when read-only', async () => {
    renderCard({ readOnly: true });
    await waitFor(() => expect(chips()).toEqual(['acme.exampleDefault', 'partner.example']));
    expect(input()).toBeDisabled();
    expect(
      screen.queryByRole('button', { name: 'Remove partner.example' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
