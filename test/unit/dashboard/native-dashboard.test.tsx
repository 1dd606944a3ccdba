import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts } from '../../../src/stores/toast-store';
import { Toaster } from '../../../src/ui/Toast';
import { makeDashboard } from '../../support/fixtures';
import { choices, makeSummary, unrepliedPage } from '../../support/native-dashboard-fixtures';
import { fakeApi, type FakeReply } from '../support/fake-api';
import { renderApp } from '../support/render-app';

// uPlot draws on a canvas, which jsdom has not: the charts are the browser tests' business.
// `paths` is static: the distribution chart reads it whenever its figures arrive first.
vi.mock('uplot', () => ({
  default: class {
    static paths = {};
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => dismissAllToasts());

/** The dashboard's screens load lazily, then its figures: a while in jsdom on a busy machine. */
const exportButton = () => screen.findByRole('button', { name: 'Export CSV' }, { timeout: 10_000 });

const EXPORT = '/portal/api/stats/export.csv';
const REQUESTS = '/portal/api/stats/requests.csv';

function renderNativeDashboard(exportReply: FakeReply, requestsReply: FakeReply = { status: 500 }) {
  const api = fakeApi({
    'GET /portal/api/dashboard/filters': { body: choices },
    'GET /portal/api/stats/summary': { body: makeSummary(7) },
    'GET /portal/api/stats/timeseries': { body: { granularity: 'day', points: [] } },
    'GET /portal/api/stats/distribution': {
      body: {
        under_1h: 1,
        from_1h_to_4h: 0,
        from_4h_to_24h: 0,
        from_1d_to_3d: 0,
        over_3d: 0,
        still_waiting: 0,
      },
    },
    'GET /portal/api/stats/heatmap': { body: { timezone: 'UTC', cells: [] } },
    'GET /portal/api/stats/breakdown': { body: { by: 'mailbox', rows: [] } },
    'GET /portal/api/stats/unreplied': { body: unrepliedPage },
    [`GET ${EXPORT}`]: exportReply,
    [`GET ${REQUESTS}`]: requestsReply,
  });
  renderApp('/dashboard?by=team&from=2026-02-01&to=2026-02-28', {
    dashboard: makeDashboard({ dashboard_platform: 'Native' }),
    api: api.client,
  });
  render(<Toaster />);
  return api;
}

// The first render imports the lazy dashboard screens: slow on a loaded 2-core machine.
describe('native dashboard: the CSV export', { timeout: 20_000 }, () => {
  it('exports the breakdown as shown: its grouping and its period', async () => {
    const api = renderNativeDashboard({ status: 500 });
    await userEvent.click(await exportButton());
    await waitFor(() => expect(api.callsTo('GET', EXPORT)).toHaveLength(1));
    const [call] = api.callsTo('GET', EXPORT);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      by: 'team',
      target: '7200',
    });
  });

  it('says so in a toast when the export fails, and lets the viewer try again', async () => {
    renderNativeDashboard({ status: 500, body: { error: 'server', message: 'boom' } });
    const button = await exportButton();
    await userEvent.click(button);
    // Radix copies a toast's text into its live region: the exact text shows more than once.
    expect(
      await screen.findAllByText("We couldn't export the breakdown", { exact: true }),
    ).not.toHaveLength(0);
    expect(screen.getAllByText('Please try again in a moment.', { exact: true })).not.toHaveLength(
      0,
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

describe('native dashboard: the requests export', { timeout: 20_000 }, () => {
  it("downloads the period's requests from the unreplied list's card, with its filters", async () => {
    const api = renderNativeDashboard({ status: 500 });
    const card = (await screen.findByRole('heading', { name: 'Waiting for a reply' })).closest(
      'section',
    );
    if (!card) throw new Error('no unreplied card');
    await userEvent.click(
      await within(card).findByRole('button', { name: 'Export all requests' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(api.callsTo('GET', REQUESTS)).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('GET', REQUESTS)[0]?.query ?? [])).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(api.callsTo('GET', EXPORT)).toEqual([]);
    expect(
      await screen.findAllByText("We couldn't export the requests", { exact: true }),
    ).not.toHaveLength(0);
  });
});
