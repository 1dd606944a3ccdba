import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { WorkspaceLists } from '../../../src/machines/workspace-data/workspace-data.actors';
import { createWorkspaceDataMachine } from '../../../src/machines/workspace-data/workspace-data.machine';
import type { Role } from '../../../src/session/user-info';
import {
  emptyLists,
  lookerDashboard,
  makeUser,
  supersetDashboard,
  type FeatureOverrides,
} from '../../support/fixtures';
import { renderApp } from '../support/render-app';
import { offlineClient } from '../../support/offline-client';
import packageJson from '../../../package.json';

const packageVersion = packageJson.version;

async function navItems(role: Role, overrides: FeatureOverrides = {}) {
  renderApp('/dashboard', { user: makeUser(role, overrides) });
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('shell items', () => {
  it('gives an admin Dashboard, Alerts, Integrations and Settings', async () => {
    expect(await navItems('admin')).toEqual(['Dashboard', 'Alerts', 'Integrations', 'Settings']);
  });

  it.each(['manager', 'viewer'] as const)('gives a %s the dashboard alone', async (role) => {
    expect(await navItems(role)).toEqual(['Dashboard']);
  });

  it('hides Alerts and its child area Integrations when alerts are disabled', async () => {
    expect(await navItems('admin', { alerts: { enabled: false } })).toEqual([
      'Dashboard',
      'Settings',
    ]);
  });

  it('keeps Alerts for a read-only alerts feature', async () => {
    expect(await navItems('admin', { alerts: { read_only: true } })).toContain('Alerts');
  });

  // The audit log belongs to no feature: an admin keeps Settings for its Activity tab alone.
  it('keeps Settings, for Activity, when every settings feature is disabled', async () => {
    const off = { enabled: false };
    const items = await navItems('admin', {
      mailboxes: off,
      users: off,
      teams: off,
      business_hours: off,
      metric_adjustments: off,
      contact_groups: off,
      reports: off,
      api_tokens: off,
    });
    expect(items).toEqual(['Dashboard', 'Alerts', 'Integrations', 'Settings']);
  });

  it('has Documentation and Share feedback in the footer, and the account item', async () => {
    renderApp('/dashboard', { user: makeUser('admin') });
    const docs = await screen.findByRole('link', { name: 'Documentation' });
    expect(docs).toHaveAttribute('href', 'https://docs.mailpulse.example');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/admin@acme\.example/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Share feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Share feedback' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the package version, as /healthz reports it, under the footer items', async () => {
    renderApp('/dashboard', { user: makeUser('viewer') });
    const panel = await screen.findByRole('complementary');
    expect(within(panel).getByText(`Version ${packageVersion}`)).toBeInTheDocument();
  });

  it('removes the settings tabs of disabled features', async () => {
    renderApp('/settings/teams', {
      user: makeUser('admin', { users: { enabled: false }, contact_groups: { enabled: false } }),
    });
    const tabs = await screen.findByRole('navigation', { name: 'Settings' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Mailboxes',
      'Teams',
      'Business Hours',
      'Metric Adjustments',
      'Reports',
      'API',
      'Activity',
    ]);
  });

  it('opens the first remaining tab from Settings when mailboxes are disabled', async () => {
    const { router } = renderApp('/settings/', {
      user: makeUser('admin', { mailboxes: { enabled: false } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/users'));
  });
});

describe('help header', () => {
  it.each([
    ['Looker Studio', lookerDashboard],
    ['Superset', supersetDashboard],
  ])('shows Help off the dashboard when the platform is %s', async (_, dashboard) => {
    renderApp('/settings/users', { dashboard });
    const help = await screen.findByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('href', 'https://docs.mailpulse.example');
  });

  it('is not on the dashboard itself', async () => {
    renderApp('/dashboard', { dashboard: lookerDashboard });
    await screen.findByRole('link', { name: 'Open in Looker Studio' });
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('is not shown without a dashboard platform', async () => {
    renderApp('/settings/users');
    await screen.findByRole('heading', { name: 'Users' });
    expect(screen.queryByRole('link', { name: 'Help' })).not.toBeInTheDocument();
  });
});

describe('loading', () => {
  function slowWorkspace() {
    let finish: (lists: WorkspaceLists) => void = () => undefined;
    const load = vi.fn(() => new Promise<WorkspaceLists>((resolve) => (finish = resolve)));
    const machine = createWorkspaceDataMachine(offlineClient).provide({
      actors: { loadWorkspaceData: fromPromise(load) },
    });
    return { machine, load, finish: (lists: WorkspaceLists) => finish(lists) };
  }

  it('keeps an admin on the loading state until the workspace data has loaded', async () => {
    const workspace = slowWorkspace();
    renderApp('/settings/users', { machines: { workspaceData: workspace.machine } });
    await waitFor(() => expect(workspace.load).toHaveBeenCalledOnce());
    expect(screen.getByRole('status', { name: 'Loading your workspace' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();

    workspace.finish(emptyLists);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });

  it('lets other roles in on the user info alone', async () => {
    const workspace = slowWorkspace();
    renderApp('/dashboard', {
      user: makeUser('viewer'),
      machines: { workspaceData: workspace.machine },
    });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(workspace.load).not.toHaveBeenCalled();
  });
});
