import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestFormMachine } from '../../../src/machines/request-form/request-form.machine';
import { IntegrationsPage } from '../../../src/routes/_shell/-components/integrations/IntegrationsPage';
import { Toaster } from '../../../src/ui/Toast';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { fakeApi, type FakeReply } from '../support/fake-api';

const PATH = '/portal/api/integration-requests/';

afterEach(() => dismissAllToasts());

function renderPage(reply: FakeReply = { status: 202, body: { id: 1, status: 'queued' } }) {
  const api = fakeApi({ [`POST ${PATH}`]: reply });
  const machine = createRequestFormMachine(api.client);
  render(
    <>
      <IntegrationsPage machine={machine} />
      <Toaster />
    </>,
  );
  return api;
}

const tiles = (group: string) =>
  within(screen.getByRole('region', { name: group }))
    .getAllByRole('button')
    .map((tile) => tile.querySelector('.integration-name')?.textContent);

describe('integrations page', () => {
  it('shows the title, a subtitle and the 22 tiles in their three groups', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Integrations', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Connect the tools your team already uses/)).toBeInTheDocument();
    expect(tiles('CRM')).toEqual([
      'Attio',
      'Hubspot',
      'Salesforce',
      'Microsoft Dynamics 365',
      'Pipedrive',
      'Zoho',
    ]);
    expect(tiles('Sales and marketing')).toEqual([
      'Aircall',
      'Close',
      'Drift',
      'Gong',
      'Intercom',
      'Outreach',
      'RingCentral',
      'Shopify',
      'Zendesk',
    ]);
    expect(tiles('Data warehouse')).toEqual([
      'Azure Synapse',
      'Azure Blob Storage',
      'BigQuery',
      'ClickHouse',
      'Databricks',
      'Redshift',
      'Snowflake',
    ]);
  });

  it('asks for more than 5 characters, then sends the request with the integration', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await user.click(
      screen.getByRole('button', { name: 'Request the Microsoft Dynamics 365 integration' }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Request the Microsoft Dynamics 365 integration',
    });
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    await user.type(within(dialog).getByRole('textbox'), 'Hello');
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), '!');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText('Request sent', { exact: true })).toBeInTheDocument();
    expect(
      screen.getAllByText(
        "Thanks! We'll get in touch about the Microsoft Dynamics 365 integration.",
        {
          exact: true,
        },
      ).length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('POST', PATH)[0]?.body).toEqual({
      content: 'Hello!',
      integration_name: 'Microsoft Dynamics 365',
      integration_id: 'microsoft-dynamics-365',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the modal open with a failure toast when the request fails', async () => {
    const user = userEvent.setup();
    renderPage({ status: 500, body: { error: 'server', message: 'boom' } });
    await user.click(screen.getByRole('button', { name: 'Request the Snowflake integration' }));
    await user.type(screen.getByRole('textbox'), 'Export our statistics');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText("We couldn't send your request", { exact: true }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('dialog', { name: 'Request the Snowflake integration' }),
    ).toBeInTheDocument();
  });
});
