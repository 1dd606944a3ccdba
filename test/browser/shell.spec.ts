import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/sign-in';

// The signed-in shell around every page but login: side panel, breadcrumb header, settings tabs,
// the loading and maintenance states.

const sidePanel = (page: Page) => page.locator('#shell-sidebar');

test.describe('shell of an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('has the logo, the items, the footer items and the account item', async ({ page }) => {
    await page.goto('/dashboard');
    const panel = sidePanel(page);
    await expect(panel.getByText('Mailpulse', { exact: true })).toBeVisible();
    await expect(panel.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Alerts',
      'Integrations',
      'Settings',
    ]);
    const docs = panel.getByRole('link', { name: 'Documentation' });
    await expect(docs).toHaveAttribute('href', /^https:\/\//);
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(panel.getByText(DEMO_USERS.admin)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Log out' })).toBeVisible();

    const feedback = panel.getByRole('button', { name: 'Share feedback' });
    await feedback.click();
    const dialog = page.getByRole('dialog', { name: 'Share feedback' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('marks the current item and follows the items', async ({ page }) => {
    await page.goto('/dashboard');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await main.getByRole('link', { name: 'Alerts' }).click();
    await expect(page).toHaveURL(/\/alerts\/?$/);
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await main.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/mailboxes$/);
  });

  test('shows the breadcrumb words and hides the tabs on add mailboxes', async ({ page }) => {
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    const tabs = page.getByRole('navigation', { name: 'Settings' });

    await page.goto('/settings/business');
    await expect(crumbs).toHaveText(['Settings', 'Business Hours']);
    await expect(tabs).toBeVisible();

    await page.goto('/settings/contact-groups');
    await expect(crumbs).toHaveText(['Settings', 'Contact Groups']);

    await page.goto('/settings/mailboxes/add');
    await expect(crumbs).toHaveText(['Settings', 'Mailboxes', 'Add Mailboxes']);
    await expect(tabs).toHaveCount(0);
  });

  test('waits for every list before showing the page', async ({ page }) => {
    // Hold one of the admin's lists: the shell must keep its loading state until it arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/portal/api/settings/teams/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('status', { name: 'Loading your workspace' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    release();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('shell of a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('waits only for the user info and loads no settings data', async ({ page }) => {
    const settingsCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/portal/api/settings/')) {
        settingsCalls.push(request.url());
      }
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Dashboard',
    ]);
    // The account item; the viewer's own mailbox is also a row of the dashboard.
    await expect(sidePanel(page).getByText(DEMO_USERS.viewer)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(settingsCalls).toEqual([]);
  });

  test('shows the maintenance page when the user info answers 503', async ({ page }) => {
    await page.route('**/portal/api/me/', (route) =>
      route.fulfill({
        status: 503,
        json: { error: 'maintenance', message: 'Down for maintenance.' },
      }),
    );
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: 'We’re currently performing scheduled maintenance' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});
