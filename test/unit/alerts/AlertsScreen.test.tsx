import type { Alert } from '../../../src/api/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import type {
  AlertActiveInput,
  AlertsData,
  RemoveAlertsDraft,
} from '../../../src/machines/alerts/alerts.actors';
import type { AlertDraft } from '../../../src/machines/alerts/alerts.draft';
import {
  createAlertsModals,
  createAlertsMachine,
} from '../../../src/machines/alerts/alerts.machine';
import { createAlertToggleMachine } from '../../../src/machines/alerts/alert-toggle.machine';
import type { SaveInput } from '../../../src/machines/shared/modal-save.machine';
import { AlertsScreen } from '../../../src/routes/_shell/alerts/-components/AlertsScreen';
import { makeAlert } from '../../support/alerts-fixtures';
import { makeUser, type FeatureOverrides } from '../../support/fixtures';
import { makeMailbox } from '../../support/settings-fixtures';
import { renderTab } from '../settings/render-tab';
import { offlineClient } from '../../support/offline-client';

const KEY = makeAlert(1, 'Key accounts waiting');
const BILLING = makeAlert(2, 'Billing disputes', { is_active: false, minutes_gap: 240 });
const DATA: AlertsData = {
  alerts: [KEY, BILLING],
  mailboxes: [makeMailbox('sales@acme.example'), makeMailbox('support@acme.example')],
  emailDelivery: true,
};

interface Options {
  data?: AlertsData;
  features?: FeatureOverrides;
  maxAlerts?: number;
  loadAlert?: (id: number) => Promise<Alert>;
  save?: (input: SaveInput<AlertDraft>) => Promise<void>;
  setActive?: (input: AlertActiveInput) => Promise<void>;
}

async function renderAlerts(options: Options = {}) {
  const saveAlert = vi.fn(options.save ?? (async () => undefined));
  // The fake server remembers pauses and resumes, as the list reloaded after one shows them.
  let alerts = (options.data ?? DATA).alerts;
  const setActive = vi.fn(async (input: AlertActiveInput) => {
    await options.setActive?.(input);
    alerts = alerts.map((alert) =>
      alert.id === input.alertId ? { ...alert, is_active: input.isActive } : alert,
    );
  });
  const machine = createAlertsMachine(offlineClient).provide({
    actors: {
      load: fromPromise(async () => ({ ...(options.data ?? DATA), alerts })),
      loadAlert: fromPromise<Alert, { alertId: number }>(({ input }) =>
        options.loadAlert ? options.loadAlert(input.alertId) : Promise.resolve(KEY),
      ),
      editor: createAlertsModals(offlineClient).editor.provide({
        actors: { save: fromPromise(({ input }) => saveAlert(input)) },
      }),
      remover: createAlertsModals(offlineClient).remover.provide({
        actors: { save: fromPromise<void, SaveInput<RemoveAlertsDraft>>(async () => undefined) },
      }),
      toggle: createAlertToggleMachine(offlineClient).provide({
        actors: { setAlertActive: fromPromise(({ input }) => setActive(input)) },
      }),
    },
  });
  const user = { ...makeUser('admin', options.features), maxAlerts: options.maxAlerts ?? 5 };
  await renderTab(<AlertsScreen machine={machine} user={user} seed={null} />, 1);
  return { saveAlert, setActive };
}

const toastTitle = (title: string) => screen.findByText(title, { selector: '.toast-title' });
const row = async (name: string) =>
  (await screen.findByText(name, { selector: '.table-primary' })).closest('tr') as HTMLElement;

async function menu(name: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(screen.getByRole('menuitem', { name: action }));
}

describe('alerts page', () => {
  it('lists the alerts with the use of the limit and their status', async () => {
    await renderAlerts();
    expect(within(await row('Key accounts waiting')).getByText('Active')).toBeVisible();
    expect(within(await row('Billing disputes')).getByText('Paused')).toBeVisible();
    expect(within(await row('Billing disputes')).getByText('Never')).toBeVisible();
    expect(screen.getByText('2 of 5 used')).toBeVisible();
  });

  it('refuses to create at the limit with a toast and no modal', async () => {
    await renderAlerts({ maxAlerts: 2 });
    await row('Key accounts waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Create a new alert' }));
    expect(await toastTitle("You've reched your limit of alerts")).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates an alert, notifying the admin by default, and says Saving... meanwhile', async () => {
    let finish = () => undefined as void;
    const { saveAlert } = await renderAlerts({
      save: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create new alert' }));
    expect(dialog.getByText('admin@acme.example')).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Alert name'), 'Escalations');
    await userEvent.click(dialog.getByRole('checkbox', { name: /support@acme\.example/ }));
    await userEvent.type(dialog.getByLabelText('Hours without a reply'), '3');
    await userEvent.type(dialog.getByLabelText('Domains and addresses'), 'globex.example{Enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Create alert' }));
    expect(dialog.getByText('Saving...')).toBeVisible();
    finish();
    expect(await toastTitle('New alert created')).toBeVisible();
    expect(saveAlert.mock.calls[0]?.[0].draft).toMatchObject({
      id: null,
      name: 'Escalations',
      hours: '3',
      mailboxes: ['support@acme.example'],
    });
  });

  it('marks the required fields, and not the optional webhook', async () => {
    await renderAlerts();
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create new alert' }));
    for (const name of ['Alert name', 'Hours without a reply', 'Domains and addresses']) {
      expect(dialog.getByLabelText(name)).toHaveAttribute('aria-required', 'true');
    }
    expect(dialog.getByRole('textbox', { name: 'Notification emails' })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(dialog.getByText('Mailboxes')).toHaveClass('field-label-required');
    expect(dialog.getByText('Alert name')).toHaveClass('field-label-required');
    expect(dialog.getByLabelText('Webhook (optional)')).not.toHaveAttribute('aria-required');
    expect(dialog.getByText('Webhook (optional)')).not.toHaveClass('field-label-required');
  });

  it('marks a webhook that is not https and keeps Create disabled until it is fixed', async () => {
    const { saveAlert } = await renderAlerts();
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create new alert' }));
    await userEvent.type(dialog.getByLabelText('Alert name'), 'Escalations');
    await userEvent.click(dialog.getByRole('checkbox', { name: /support@acme\.example/ }));
    await userEvent.type(dialog.getByLabelText('Hours without a reply'), '2');
    await userEvent.type(dialog.getByLabelText('Domains and addresses'), 'globex.example{Enter}');
    const webhook = dialog.getByLabelText('Webhook (optional)');
    await userEvent.type(webhook, 'http://hooks.example/x');
    expect(dialog.getByText('Enter an https:// URL (http:// only to this machine).')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Create alert' })).toBeDisabled();
    await userEvent.clear(webhook);
    await userEvent.type(webhook, 'https://hooks.example/x');
    await userEvent.click(dialog.getByRole('button', { name: 'Create alert' }));
    expect(await toastTitle('New alert created')).toBeVisible();
    expect(saveAlert.mock.calls[0]?.[0].draft).toMatchObject({
      notifyWebhook: 'https://hooks.example/x',
    });
  });

  it('tells admins when alert emails are kept because the server has no SMTP server', async () => {
    await renderAlerts({ data: { ...DATA, emailDelivery: false } });
    expect(
      await screen.findByText(/Alert emails are not being sent: this server has no SMTP server/),
    ).toBeVisible();
  });

  it('shows a loading state while the alert to edit is fetched, then its fields', async () => {
    let deliver = (_alert: Alert) => undefined as void;
    const { saveAlert } = await renderAlerts({
      loadAlert: () => new Promise<Alert>((resolve) => (deliver = resolve)),
    });
    await menu('Billing disputes', 'Edit alert');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit alert' }));
    expect(dialog.getByRole('status', { name: 'Loading alert' })).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    deliver(BILLING);
    expect(await dialog.findByLabelText('Alert name')).toHaveValue('Billing disputes');
    expect(dialog.getByLabelText('Hours without a reply')).toHaveValue('4');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await toastTitle('Your alert has been updated')).toBeVisible();
    expect(saveAlert.mock.calls[0]?.[0].draft.id).toBe(2);
  });

  it("shows the server's refusal in the modal", async () => {
    await renderAlerts({
      save: async () => {
        throw new ApiFailure({ kind: 'invalid', message: 'These mailboxes are not tracked: x.' });
      },
    });
    await menu('Key accounts waiting', 'Edit alert');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit alert' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('These mailboxes are not tracked: x.')).toBeVisible();
  });

  it('pauses an alert, and goes back to Paused when a resume fails', async () => {
    const { setActive } = await renderAlerts({
      setActive: async ({ isActive }) => {
        if (isActive) throw new ApiFailure({ kind: 'network', message: 'offline' });
      },
    });
    await menu('Key accounts waiting', 'Pause alert');
    expect(await toastTitle('Your alert has been paused')).toBeVisible();
    expect(setActive).toHaveBeenCalledWith({ alertId: 1, isActive: false });
    expect(within(await row('Key accounts waiting')).getByText('Paused')).toBeVisible();

    await menu('Billing disputes', 'Resume alert');
    expect(await toastTitle('Your alert could not be resumed')).toBeVisible();
    expect(within(await row('Billing disputes')).getByText('Paused')).toBeVisible();
  });

  it('deletes the selected alerts', async () => {
    await renderAlerts();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete alerts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 2 alerts' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await toastTitle('Your alerts have been removed')).toBeVisible();
  });

  it('invites to create the first alert, and says when a search matches nothing', async () => {
    await renderAlerts({ data: { ...DATA, alerts: [] } });
    expect(
      await screen.findByRole('heading', { name: 'Never miss an important email again' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create my first alert' })).toBeVisible();
    expect(screen.queryByText(/used$/)).not.toBeInTheDocument();
  });

  it('says No alerts found for a search without matches', async () => {
    await renderAlerts();
    await userEvent.type(await screen.findByRole('searchbox'), 'zebra');
    expect(await screen.findByRole('heading', { name: 'No alerts found' })).toBeVisible();
    expect(
      screen.getByText(
        'Your search "zebra" didn\'t match any alert. Please try again or add a new alert.',
      ),
    ).toBeVisible();
  });

  it('hides every editing control in read-only mode', async () => {
    await renderAlerts({ features: { alerts: { read_only: true } } });
    await row('Key accounts waiting');
    expect(screen.queryByRole('button', { name: 'Create a new alert' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
