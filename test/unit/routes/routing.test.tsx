import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteName } from '../../../src/router-types';
import { Route as AlertsRoute } from '../../../src/routes/_shell/alerts/index';
import { Route as DashboardRoute } from '../../../src/routes/_shell/dashboard';
import { Route as IntegrationsRoute } from '../../../src/routes/_shell/integrations';
import { Route as SettingsRoute } from '../../../src/routes/_shell/settings';
import { Route as BusinessRoute } from '../../../src/routes/_shell/settings/business';
import { Route as ContactGroupsRoute } from '../../../src/routes/_shell/settings/contact-groups';
import { Route as ReportsRoute } from '../../../src/routes/_shell/settings/reports';
import { Route as ApiRoute } from '../../../src/routes/_shell/settings/api';
import { Route as ActivityRoute } from '../../../src/routes/_shell/settings/activity';
import { Route as AddMailboxesRoute } from '../../../src/routes/_shell/settings/mailboxes/add';
import { Route as MailboxesRoute } from '../../../src/routes/_shell/settings/mailboxes/index';
import { Route as MetricRoute } from '../../../src/routes/_shell/settings/metric';
import { Route as TeamsRoute } from '../../../src/routes/_shell/settings/teams';
import { Route as UsersRoute } from '../../../src/routes/_shell/settings/users';
import { Route as LoginRoute } from '../../../src/routes/login';
import { allowedSettingsTabs } from '../../../src/session/settings-tabs';
import { makeUser } from '../../support/fixtures';
import { renderApp } from '../support/render-app';

// Signed in as an admin of a workspace with every feature on.
const renderAt = (path: string) => renderApp(path).router;

describe('routes', () => {
  it('redirects / to /dashboard', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('redirects /settings/ to the mailboxes tab', async () => {
    const router = renderAt('/settings/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/mailboxes'));
    expect(await screen.findByRole('navigation', { name: 'Settings' })).toBeInTheDocument();
  });

  it('hides the settings tab bar on the add-mailboxes page', async () => {
    renderAt('/settings/mailboxes/add');
    await screen.findByRole('heading', { name: 'Add mailboxes' });
    expect(screen.queryByRole('navigation', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'SettingsMailboxesAdd Mailboxes',
    );
  });

  it('shows the not-found page, inside the shell, for unknown paths', async () => {
    renderAt('/settings/nope');
    await screen.findByRole('heading', { name: 'Whoa! How did you end up here?' });
    expect(screen.getByText("We couldn't find the page you are looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to the homepage' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it.each([
    ['login', LoginRoute],
    ['dashboard', DashboardRoute],
    ['alerts', AlertsRoute],
    ['integrations', IntegrationsRoute],
    ['settings', SettingsRoute],
    ['MailboxesSettings', MailboxesRoute],
    ['AddMailboxesSettings', AddMailboxesRoute],
    ['UsersSettings', UsersRoute],
    ['TeamsSettings', TeamsRoute],
    ['BusinessSettings', BusinessRoute],
    ['MetricAdjustments', MetricRoute],
    ['ContactGroupsSettings', ContactGroupsRoute],
    ['ReportsSettings', ReportsRoute],
    ['ActivitySettings', ActivityRoute],
    ['ApiSettings', ApiRoute],
  ] as const)('names the %s route', (name: RouteName, route) => {
    expect(route.options.staticData?.routeName).toBe(name);
  });

  it.each([
    ['alerts', AlertsRoute],
    ['alerts', IntegrationsRoute],
    ['mailboxes', MailboxesRoute],
    ['mailboxes', AddMailboxesRoute],
    ['users', UsersRoute],
    ['teams', TeamsRoute],
    ['business_hours', BusinessRoute],
    ['metric_adjustments', MetricRoute],
    ['contact_groups', ContactGroupsRoute],
    ['api_tokens', ApiRoute],
  ] as const)('gives the %s feature its routes', (feature, route) => {
    expect(route.options.staticData?.feature).toBe(feature);
  });

  it.each([DashboardRoute, LoginRoute, SettingsRoute])(
    'gives $id to no feature: every signed-in visitor may open it',
    (route) => {
      expect(route.options.staticData?.feature).toBeUndefined();
    },
  );

  it('names, on each settings tab, the feature its route declares', () => {
    const tabRoutes = [
      MailboxesRoute,
      UsersRoute,
      TeamsRoute,
      BusinessRoute,
      MetricRoute,
      ContactGroupsRoute,
      ReportsRoute,
      ApiRoute,
      ActivityRoute,
    ];
    const tabs = allowedSettingsTabs(makeUser('admin'));
    expect(tabs.map((tab) => tab.to)).toEqual(tabRoutes.map((route) => route.to));
    expect(tabs.map((tab) => tab.feature)).toEqual(
      tabRoutes.map((route) => route.options.staticData?.feature),
    );
  });
});
