import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  expectNotFound,
  featuresOffTest,
  READ_ONLY_NOTE,
  readOnlyTest,
  settingsTabs,
} from './support/feature-variants';

const TOMORROW = 'This change will be reflected in your dashboard tomorrow at 00:01 local time';

test.describe('business hours, enabled', () => {
  test.use({ signedInAs: 'admin' });

  test('saves the company week and timezone, which a reload shows', async ({ page }) => {
    await page.goto('/settings/business');
    await expect(page.getByRole('heading', { name: 'Business Hours', level: 2 })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    const saturday = page.getByRole('switch', { name: 'Saturday' });
    await expect(page.getByRole('switch', { name: 'Monday' })).toBeChecked();
    await expect(save).toBeDisabled();

    // A day switched on starts at 09:00–17:30.
    await saturday.click();
    await expect(page.getByRole('combobox', { name: 'Saturday start' })).toHaveValue('09:00:00');
    await expect(page.getByRole('combobox', { name: 'Saturday end' })).toHaveValue('17:30:00');
    await expect(save).toBeEnabled();
    // Switching it off again is no change.
    await saturday.click();
    await expect(save).toBeDisabled();

    await saturday.click();
    // A start not before the end moves the end to the next slot.
    await page.getByRole('combobox', { name: 'Saturday start' }).selectOption('18:00');
    await expect(page.getByRole('combobox', { name: 'Saturday end' })).toHaveValue('18:30:00');
    await page.getByRole('combobox', { name: 'Timezone' }).selectOption('America/New York');
    const posted = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().endsWith('/portal/api/settings/company-business-hours/'),
    );
    await save.click();
    const body = (await posted).postDataJSON() as { timezone: string; business_hours: unknown[] };
    expect(body.timezone).toBe('America/New_York');
    expect(body.business_hours).toContainEqual({
      weekday: 'Sat',
      start_time: '18:00:00',
      end_time: '18:30:00',
    });
    await expect(page.getByText('Business hours saved', { exact: true })).toBeVisible();
    await expect(page.getByText(TOMORROW, { exact: true })).toBeVisible();
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Saturday' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Saturday start' })).toHaveValue('18:00:00');
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('America/New_York');
  });
});

test.describe('business hours of one mailbox, from the mailboxes tab', () => {
  test.use({ signedInAs: 'admin' });

  const rowOf = (page: Page, email: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

  async function openHours(page: Page, email: string) {
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Update business hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update business hours' });
    await expect(dialog).toContainText(email);
    return dialog;
  }

  test('sets Custom, Ignored and Company hours, and the list shows each mode', async ({ page }) => {
    const email = 'sales@acme.example';
    await page.goto('/settings/mailboxes');
    await expect(rowOf(page, email)).toContainText('Company');

    let dialog = await openHours(page, email);
    await dialog.getByRole('radio', { name: /^Custom/ }).check();
    // The company's days are the starting point (other tests of this server may change
    // Saturday's company hours, none changes Sunday's).
    await expect(dialog.getByRole('switch', { name: 'Monday' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Sunday' })).not.toBeChecked();
    await dialog.getByRole('switch', { name: 'Sunday' }).click();
    await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption('UTC');
    await expect(dialog.getByText('Choose a timezone other than UTC.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption('Asia/Tokyo');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Business hours updated', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, email)).toContainText('Custom');

    dialog = await openHours(page, email);
    await expect(dialog.getByRole('radio', { name: /^Custom/ })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Sunday' })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Asia/Tokyo');
    await dialog.getByRole('radio', { name: /^Ignored/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, email)).toContainText('Ignored');

    dialog = await openHours(page, email);
    await dialog.getByRole('radio', { name: /^Company/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, email)).toContainText('Company');
  });

  test('Cancel leaves the mailbox as it was', async ({ page }) => {
    await page.goto('/settings/mailboxes');
    const dialog = await openHours(page, 'support@acme.example');
    await expect(dialog.getByRole('radio', { name: /^Custom/ })).toBeChecked();
    await dialog.getByRole('radio', { name: /^Ignored/ }).check();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, 'support@acme.example')).toContainText('Custom');
    await expect(
      page.getByRole('button', { name: 'Actions for support@acme.example' }),
    ).toBeFocused();
  });
});

/** With business hours read-only or off, a mailbox's menu has only Remove mailbox. */
async function expectNoHoursInRowMenu({ page }: { page: Page }) {
  await page.goto('/settings/mailboxes');
  await page.getByRole('button', { name: 'Actions for sales@acme.example' }).click();
  await expect(page.getByRole('menuitem', { name: 'Remove mailbox' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Update business hours' })).toHaveCount(0);
}

readOnlyTest.describe('business hours, read-only', () => {
  readOnlyTest.use({ signedInAs: 'admin' });

  readOnlyTest('shows the hours with every control disabled and no Save', async ({ page }) => {
    await page.goto('/settings/business');
    await expect(page.getByText(READ_ONLY_NOTE)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Monday' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Monday start' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });

  readOnlyTest('offers no Update business hours in the mailboxes row menu', expectNoHoursInRowMenu);
});

featuresOffTest.describe('business hours, disabled', () => {
  featuresOffTest.use({ signedInAs: 'admin' });

  featuresOffTest('has no tab and its route is not found', async ({ page }) => {
    await page.goto('/settings/mailboxes');
    await expect(settingsTabs(page)).toHaveText([
      'Mailboxes',
      'Users',
      'Teams',
      'Reports',
      'API',
      'Activity',
    ]);
    await expectNotFound(page, '/settings/business');
  });

  featuresOffTest(
    'offers no Update business hours in the mailboxes row menu',
    expectNoHoursInRowMenu,
  );
});
