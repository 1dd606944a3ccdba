import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshSignInCode, type Role } from './support/sign-in';

// The route guard's decisions, seen from the browser: which pages open, which show not-found,
// and which items the side panel and the settings tab bar offer, by role and feature flags.

const NOT_FOUND = 'Whoa! How did you end up here?';
const ALL_TABS = [
  'Mailboxes',
  'Users',
  'Teams',
  'Business Hours',
  'Metric Adjustments',
  'Contact Groups',
  'Reports',
  'API',
  'Activity',
];

const sidePanelItems = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link');
const settingsTabs = (page: Page) =>
  page.getByRole('navigation', { name: 'Settings' }).getByRole('link');
const notFound = (page: Page) => page.getByRole('heading', { name: NOT_FOUND });

async function expectDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
  await expect(notFound(page)).toHaveCount(0);
}

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(notFound(page)).toBeVisible();
  // The not-found page keeps the address, inside the shell.
  await expect(page).toHaveURL(path);
  await expect(sidePanelItems(page).first()).toBeVisible();
}

test.describe('route guard, every feature on', () => {
  test('without a token every page sends the visitor to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/settings/users', '/alerts/', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
      await expect(page.getByText('Log in to the enterprise edition of Mailpulse')).toBeVisible();
    }
  });

  test.describe('admin', () => {
    test.use({ signedInAs: 'admin' });

    test('sees every item and reaches dashboard, users and alerts', async ({ page }) => {
      await expectDashboard(page);
      await expect(sidePanelItems(page)).toHaveText([
        'Dashboard',
        'Alerts',
        'Integrations',
        'Settings',
      ]);

      await page.goto('/settings/users');
      await expect(settingsTabs(page)).toHaveText(ALL_TABS);
      await expect(settingsTabs(page).filter({ hasText: 'Users' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(notFound(page)).toHaveCount(0);

      await page.goto('/alerts/');
      await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
      await expect(notFound(page)).toHaveCount(0);
    });

    test('gets not-found for an unknown path', async ({ page }) => {
      await expectNotFound(page, '/no-such-page');
    });

    test('a sign-in code in the address goes to the dashboard', async ({ page, app }) => {
      await page.goto(`/settings/users?code=${await freshSignInCode(app, 'admin')}`);
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
    });
  });

  for (const role of ['manager', 'viewer'] satisfies Role[]) {
    test.describe(role, () => {
      test.use({ signedInAs: role });

      test('sees only the dashboard; settings and alerts are not found', async ({ page }) => {
        await expectDashboard(page);
        await expect(sidePanelItems(page)).toHaveText(['Dashboard']);
        await expectNotFound(page, '/settings/users');
        await expect(settingsTabs(page)).toHaveCount(0);
        await expectNotFound(page, '/alerts/');
        await expectNotFound(page, '/integrations');
        await expect(sidePanelItems(page)).toHaveText(['Dashboard']);
      });
    });
  }
});

test.describe('route guard, users and alerts off, teams read-only', () => {
  const restricted = test.extend({
    app: async ({ restrictedServer }, provide) => {
      await provide(restrictedServer);
    },
  });

  restricted.describe('admin', () => {
    restricted.use({ signedInAs: 'admin' });

    restricted('loses the Users tab and its page', async ({ page }) => {
      await expectNotFound(page, '/settings/users');
      await page.goto('/settings/mailboxes');
      await expect(settingsTabs(page)).toHaveText(ALL_TABS.filter((tab) => tab !== 'Users'));
    });

    restricted('loses Alerts and Integrations, items and pages', async ({ page }) => {
      await expectDashboard(page);
      await expect(sidePanelItems(page)).toHaveText(['Dashboard', 'Settings']);
      await expectNotFound(page, '/alerts/');
      await expectNotFound(page, '/integrations');
    });

    restricted('still reaches a read-only feature', async ({ page }) => {
      await page.goto('/settings/teams');
      await expect(settingsTabs(page).filter({ hasText: 'Teams' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(notFound(page)).toHaveCount(0);
    });
  });

  restricted.describe('manager', () => {
    restricted.use({ signedInAs: 'manager' });

    restricted('sees the dashboard, and not-found for the read-only feature', async ({ page }) => {
      await expectDashboard(page);
      await expect(sidePanelItems(page)).toHaveText(['Dashboard']);
      await expectNotFound(page, '/settings/teams');
    });
  });
});
