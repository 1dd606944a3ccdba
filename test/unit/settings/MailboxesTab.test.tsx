import type { Mailbox } from '../../../src/api/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiFailure } from '../../../src/api/errors';
import { createMailboxHoursMachine } from '../../../src/machines/business-hours/mailbox-hours.machine';
import type { RemoveMailboxesDraft } from '../../../src/machines/mailboxes/mailboxes.actors';
import {
  createMailboxesMachine,
  createMailboxesModals,
} from '../../../src/machines/mailboxes/mailboxes.machine';
import type { SaveInput } from '../../../src/machines/shared/modal-save.machine';
import { MailboxesTab } from '../../../src/routes/_shell/settings/mailboxes/-components/MailboxesTab';
import { makeUser, type FeatureOverrides } from '../../support/fixtures';
import { makeMailbox } from '../../support/settings-fixtures';
import { renderTab } from './render-tab';
import { offlineClient } from '../../support/offline-client';

const LONG_NAME = 'Customer Success and Renewals Desk for the EMEA Region';
const MAILBOXES = [
  makeMailbox('sales@acme.example', { data_from: '2024-03-05' }),
  makeMailbox('support@acme.example', { bhs_status: 'Custom', status: 'loading_data' }),
  makeMailbox('desk@acme.example', {
    full_name: LONG_NAME,
    bhs_status: 'Ignore',
    status: 'sync_error',
  }),
];

interface Options {
  max?: number;
  features?: FeatureOverrides;
  load?: () => Promise<Mailbox[]>;
  remove?: (input: SaveInput<RemoveMailboxesDraft>) => Promise<void>;
}

function renderMailboxes({ max = 25, features = {}, load, remove }: Options = {}) {
  const removeMailboxes = vi.fn(remove ?? (async () => undefined));
  const machine = createMailboxesMachine(offlineClient).provide({
    actors: {
      load: fromPromise(async () => ({ mailboxes: await (load ?? (async () => MAILBOXES))() })),
      remover: createMailboxesModals(offlineClient).remover.provide({
        actors: { save: fromPromise(({ input }) => removeMailboxes(input)) },
      }),
    },
  });
  const user = { ...makeUser('admin', features), maxMailboxes: max };
  return {
    removeMailboxes,
    rendered: renderTab(
      <MailboxesTab
        machine={machine}
        hoursMachine={createMailboxHoursMachine(offlineClient)}
        user={user}
        seed={null}
      />,
    ),
  };
}

describe('mailboxes tab', () => {
  it('shows a loading mailbox’s progress and a failing one’s reason', async () => {
    const reason = 'Google refused access to this mailbox.';
    await renderMailboxes({
      load: async () => [
        makeMailbox('new@acme.example', { status: 'loading_data', progress: 42 }),
        makeMailbox('broken@acme.example', { status: 'sync_error', last_error: reason }),
      ],
    }).rendered;
    const row = async (email: string) =>
      (await screen.findByRole('cell', { name: email })).closest('tr') as HTMLElement;
    expect(within(await row('new@acme.example')).getByText('Loading data 42%')).toBeInTheDocument();
    const broken = await row('broken@acme.example');
    expect(within(broken).getByText('Error')).toBeInTheDocument();
    expect(within(broken).getByText(reason)).toBeInTheDocument();
  });

  it('lists email, name, business-hours mode, date data was added and status', async () => {
    await renderMailboxes().rendered;
    const row = (await screen.findByRole('cell', { name: 'sales@acme.example' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Company')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Mar 05, 2024')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Custom')).toBeInTheDocument();
    expect(screen.getByText('Loading data')).toBeInTheDocument();
    expect(screen.getByText('Ignored')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('3 of 25 used')).toBeInTheDocument();
  });

  it('links Add mailboxes to the add page below the limit', async () => {
    await renderMailboxes().rendered;
    await screen.findByText('3 of 25 used');
    expect(screen.getByRole('link', { name: 'Add mailboxes' })).toHaveAttribute(
      'href',
      '/settings/mailboxes/add',
    );
  });

  it('opens the mailbox-limit modal at the limit', async () => {
    await renderMailboxes({ max: 3 }).rendered;
    await screen.findByText('3 of 3 used');
    await userEvent.click(screen.getByRole('link', { name: 'Add mailboxes' }));
    const dialog = await screen.findByRole('dialog', { name: "You've reached your mailbox limit" });
    expect(within(dialog).getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@mailpulse\.example/),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('removes mailboxes with the delete-data choice, cuts long names, and toasts', async () => {
    const { removeMailboxes, rendered } = renderMailboxes();
    await rendered;
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select desk@acme.example' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select sales@acme.example' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 2 mailboxes' });
    expect(dialog).toHaveTextContent(`${`Sales, ${LONG_NAME}`.slice(0, 50)}...`);
    await userEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Delete all their existing email data from the dashboard',
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Mailboxes removed', { selector: '.toast-title' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'This change will be reflected in your dashboard tomorrow at 00:01 local time',
        {
          selector: '.toast-description',
        },
      ),
    ).toBeVisible();
    expect(removeMailboxes).toHaveBeenCalledWith({
      draft: {
        emails: ['sales@acme.example', 'desk@acme.example'],
        names: ['Sales', LONG_NAME],
        deleteData: true,
      },
    });
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });

  it('says Removing... while the removal runs', async () => {
    let finish = () => undefined as void;
    const { rendered } = renderMailboxes({
      remove: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });
    await rendered;
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for sales@acme.example' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove mailbox' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Removing...')).toBeVisible();
    finish();
    expect(await screen.findByText('Mailbox removed', { selector: '.toast-title' })).toBeVisible();
  });

  it('toasts Something went wrong when the removal fails, and keeps the modal', async () => {
    const { rendered } = renderMailboxes({
      remove: async () => {
        throw new ApiFailure({ kind: 'server', status: 500, message: 'boom', requestId: 'r' });
      },
    });
    await rendered;
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for sales@acme.example' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove mailbox' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('Something went wrong', { selector: '.toast-title' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
  });

  it('hides adding, removing and selecting in read-only mode', async () => {
    await renderMailboxes({ features: { mailboxes: { read_only: true } } }).rendered;
    await screen.findByText('3 of 25 used');
    expect(screen.queryByRole('link', { name: 'Add mailboxes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('offers Update business hours in the row menu while business hours are writable', async () => {
    await renderMailboxes().rendered;
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for sales@acme.example' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Update business hours' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Remove mailbox' })).toBeVisible();
  });

  it.each([
    ['read-only', { enabled: true, read_only: true }],
    ['disabled', { enabled: false, read_only: false }],
  ])('leaves Update business hours out when business hours are %s', async (_, flags) => {
    await renderMailboxes({ features: { business_hours: flags } }).rendered;
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for sales@acme.example' }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Remove mailbox' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Update business hours' })).toBeNull();
  });

  it('shows Something went wrong when the list cannot load, and Refresh page retries', async () => {
    const load = vi
      .fn<() => Promise<Mailbox[]>>()
      .mockRejectedValueOnce(new ApiFailure({ kind: 'network', message: 'offline' }))
      .mockResolvedValue(MAILBOXES);
    await renderMailboxes({ load }).rendered;
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh page' }));
    expect(await screen.findByText('3 of 25 used')).toBeInTheDocument();
  });

  it('says Start by adding mailboxes when there are none', async () => {
    await renderMailboxes({ load: async () => [] }).rendered;
    expect(await screen.findByRole('heading', { name: 'Start by adding mailboxes' })).toBeVisible();
  });
});
