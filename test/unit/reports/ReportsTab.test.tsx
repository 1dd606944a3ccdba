import type {
  ReportChoices,
  ReportList,
  ReportQueued,
  ReportSubscription,
} from '../../../src/api/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type {
  RemoveReportsDraft,
  ReportsActors,
} from '../../../src/machines/reports/reports.actors';
import type { ReportDraft } from '../../../src/machines/reports/reports.draft';
import type { SaveInput } from '../../../src/machines/shared/modal-save.machine';
import { ReportsTab } from '../../../src/routes/_shell/settings/-components/reports/ReportsTab';
import type { Features } from '../../../src/session/user-info';
import { makeUser, type FeatureOverrides } from '../../support/fixtures';
import { makeReport, reportList, reportsMachineOver } from '../../support/reports-fixtures';
import { renderTab } from '../settings/render-tab';

// The admin's Settings → Reports tab on stand-in calls: what a row says, which row offers
// "Send me one now", and what the Add a report modal saves.

const ADMIN = makeUser('admin');
const MAX = { email: 'max@acme.example', name: 'Max Manager', role: 'manager' as const };
const DATA = reportList([
  makeReport(1, ADMIN.email, { role: 'admin', full_name: 'Ada admin' }),
  makeReport(2, MAX.email, {
    role: 'manager',
    frequency: 'daily',
    teams: [{ id: 7, name: 'Sales' }],
    last_sent: '2026-11-23T07:00:02Z',
  }),
]);

function choicesOf(email: string): ReportChoices {
  return email === MAX.email
    ? {
        email,
        mailboxes: [{ email: 'sales@acme.example', full_name: 'Sales' }],
        teams: [{ id: 7, name: 'Sales' }],
      }
    : { email, mailboxes: [], teams: [] };
}

async function renderReports(features: FeatureOverrides = {}) {
  const saved = vi.fn<(draft: ReportDraft) => void>();
  const actors: ReportsActors = {
    loadReports: fromPromise<ReportList, { features: Features }>(async () => DATA),
    loadChoices: fromPromise<ReportChoices, { email: string }>(async ({ input }) =>
      choicesOf(input.email),
    ),
    saveReport: fromPromise<ReportSubscription, SaveInput<ReportDraft>>(async ({ input }) => {
      saved(input.draft);
      return makeReport(3, input.draft.email);
    }),
    removeReports: fromPromise<void, SaveInput<RemoveReportsDraft>>(async () => undefined),
    sendReportNow: fromPromise<ReportQueued, { id: number }>(async () => ({
      to: ADMIN.email,
      period: { from: '2026-11-16', to: '2026-11-22' },
    })),
  };
  const user = makeUser('admin', features);
  const self = { email: user.email, name: user.name, role: user.role };
  await renderTab(
    <ReportsTab
      machine={reportsMachineOver(actors)}
      user={user}
      seed={null}
      recipients={[self, MAX]}
    />,
  );
  await screen.findAllByRole('cell', { name: /max@acme\.example/ });
  return { saved };
}

const rowOf = (email: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByText(email) !== null);

describe('Settings → Reports', () => {
  it('says who gets what, how often, when next and when last', async () => {
    await renderReports();
    const max = within(rowOf(MAX.email) ?? document.body);
    expect(max.getByText('Daily')).toBeInTheDocument();
    expect(max.getByText('Sales')).toBeInTheDocument();
    // The next report and the last one sent, both dates.
    expect(max.getAllByText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/, { selector: 'span' })).toHaveLength(2);
    const mine = within(rowOf(ADMIN.email) ?? document.body);
    expect(mine.getByText('All mailboxes')).toBeInTheDocument();
    expect(mine.getByText('Not yet')).toBeInTheDocument();
  });

  it("offers Send me one now on the admin's own report only", async () => {
    await renderReports();
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${MAX.email} daily` }));
    expect(screen.queryByRole('menuitem', { name: 'Send me one now' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      screen.getByRole('button', { name: `Actions for ${ADMIN.email} weekly` }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Send me one now' }));
    expect(await screen.findByText('Report on its way', { exact: true })).toBeInTheDocument();
  });

  it('adds a report for someone else, narrowed to what they may see', async () => {
    const { saved } = await renderReports();
    await userEvent.click(screen.getByRole('button', { name: 'Add a report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a report' }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Recipient' }), MAX.email);
    await userEvent.click(dialog.getByRole('radio', { name: /^Monthly/ }));
    await userEvent.click(await dialog.findByRole('radio', { name: /^Some teams/ }));
    expect(dialog.getByRole('button', { name: 'Add report' })).toBeDisabled();
    expect(dialog.getByText('Choose at least one team.')).toBeInTheDocument();
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Sales' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add report' }));
    expect(await screen.findByText('Report scheduled', { exact: true })).toBeInTheDocument();
    expect(saved).toHaveBeenCalledWith({
      id: null,
      email: MAX.email,
      frequency: 'monthly',
      narrowBy: 'teams',
      mailboxes: [],
      teams: [7],
    });
  });

  it('read-only: no Add, no selection, no row menus', async () => {
    await renderReports({ reports: { read_only: true } });
    expect(screen.queryByRole('button', { name: 'Add a report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});
