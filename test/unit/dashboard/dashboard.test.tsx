import type { Dashboard } from '../../../src/api/types';
import { embedDashboard, type EmbeddedDashboard } from '@superset-ui/embedded-sdk';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { ApiFailure } from '../../../src/api/errors';
import { createDashboardMachine } from '../../../src/machines/dashboard/dashboard.machine';
import { DashboardPage } from '../../../src/routes/_shell/-components/dashboard/DashboardPage';
import { lookerDashboard, makeDashboard, supersetDashboard } from '../../support/fixtures';
import { offlineClient } from '../../support/offline-client';
import { renderApp } from '../support/render-app';

// The real SDK needs a real Superset frame; the browser tests cover that. Here: what we ask of it.
vi.mock('@superset-ui/embedded-sdk', () => ({ embedDashboard: vi.fn() }));
const embed = vi.mocked(embedDashboard);

afterEach(() => {
  embed.mockReset();
  vi.restoreAllMocks();
});

function dashboardActor(load: () => Promise<Dashboard>) {
  const machine = createDashboardMachine(offlineClient).provide({
    actors: { loadDashboard: fromPromise(load) },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'LOAD' });
  return actor;
}

/** An API client whose fetch answers the guest-token call. */
function clientWithGuestTokens() {
  // openapi-fetch always calls fetch with one Request.
  const fetch = vi.fn(
    async (_request: RequestInfo | URL) =>
      new Response(JSON.stringify({ token: 'guest.jwt.token' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  const client = createApiClient({
    baseUrl: 'http://localhost',
    fetch,
    readToken: () => 'session-token',
  });
  return { client, fetch };
}

describe('dashboard page', () => {
  it('frames the Looker Studio report with its heading and Open button', async () => {
    // In the signed-in shell: the header also offers the report control (its own tests).
    renderApp('/dashboard', { dashboard: lookerDashboard });
    expect(
      await screen.findByRole('heading', { name: 'Your dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Measure your team's email activity and track KPIs."),
    ).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open in Looker Studio' });
    expect(open).toHaveAttribute('href', lookerDashboard.dashboard_url);
    expect(open).toHaveAttribute('target', '_blank');

    const frame = screen.getByTitle('Acme email (Looker Studio)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', lookerDashboard.dashboard_embedded_url);
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(frame.getAttribute('sandbox')?.split(' ')).toEqual([
      'allow-scripts',
      'allow-same-origin',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-storage-access-by-user-activation',
    ]);
  });

  it('embeds the Superset dashboard by uuid, asking our server for every guest token', async () => {
    const unmountFrame = vi.fn();
    embed.mockResolvedValue({ unmount: unmountFrame } as unknown as EmbeddedDashboard);
    const { client, fetch } = clientWithGuestTokens();
    const page = render(
      <DashboardPage dashboard={dashboardActor(async () => supersetDashboard)} client={client} />,
    );
    await waitFor(() => expect(embed).toHaveBeenCalledOnce());
    const params = embed.mock.calls[0]![0];
    expect(params).toMatchObject({
      id: supersetDashboard.dashboard_uuid,
      supersetDomain: 'https://superset.acme.example',
      dashboardUiConfig: { hideTitle: true },
    });
    expect(params.mountPoint).toBeInstanceOf(HTMLElement);
    expect(params.mountPoint.isConnected).toBe(true);

    await expect(params.fetchGuestToken()).resolves.toBe('guest.jwt.token');
    await expect(params.fetchGuestToken()).resolves.toBe('guest.jwt.token');
    expect(fetch).toHaveBeenCalledTimes(2);
    const request = fetch.mock.calls[1]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/portal/api/dashboard/guest-token/');
    expect(request.headers.get('Authorization')).toBe('Token session-token');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Leaving the page takes the frame down, which also stops the SDK's token refresh.
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).toBeNull(),
    );
    page.unmount();
    expect(unmountFrame).toHaveBeenCalledOnce();
  });

  it("keeps the current frame through StrictMode's double mount", async () => {
    embed.mockResolvedValue({ unmount: vi.fn() } as unknown as EmbeddedDashboard);
    const { client } = clientWithGuestTokens();
    render(
      <StrictMode>
        <DashboardPage dashboard={dashboardActor(async () => supersetDashboard)} client={client} />
      </StrictMode>,
    );
    await waitFor(() => expect(embed).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).toBeNull(),
    );
    // The restarted actor embeds again into a new host; the superseded host is gone.
    const hosts = embed.mock.calls.map(([params]) => params.mountPoint);
    expect(hosts.at(-1)?.isConnected).toBe(true);
    expect(hosts.slice(0, -1).every((host) => !host.isConnected)).toBe(true);
  });

  it('says so, and logs the cause, when Superset cannot be embedded', async () => {
    const cause = new Error('guest token refused');
    embed.mockRejectedValue(cause);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = clientWithGuestTokens();
    render(
      <DashboardPage dashboard={dashboardActor(async () => supersetDashboard)} client={client} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error embedding Superset dashboard. Check console.',
    );
    expect(logged).toHaveBeenCalledWith(expect.any(String), cause);
  });

  it('fails the embed on a dashboard without a uuid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = clientWithGuestTokens();
    const noUuid = makeDashboard({ ...supersetDashboard, dashboard_uuid: null });
    render(<DashboardPage dashboard={dashboardActor(async () => noUuid)} client={client} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error embedding Superset dashboard. Check console.',
    );
    expect(embed).not.toHaveBeenCalled();
  });

  it('says the dashboard will be ready soon when no platform is set up', async () => {
    render(
      <DashboardPage
        dashboard={dashboardActor(async () => makeDashboard())}
        client={offlineClient}
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Your dashboard will be ready soon' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact your Account Manager' })).toHaveAttribute(
      'href',
      'mailto:support@mailpulse.example',
    );
  });

  it('offers Refresh page when the dashboard cannot be loaded', async () => {
    let calls = 0;
    const actor = dashboardActor(async () => {
      calls += 1;
      if (calls === 1) throw new ApiFailure({ kind: 'network', message: 'offline' });
      return makeDashboard();
    });
    render(<DashboardPage dashboard={actor} client={offlineClient} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh page' }));
    expect(
      await screen.findByRole('heading', { name: 'Your dashboard will be ready soon' }),
    ).toBeInTheDocument();
  });
});
