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
});

featuresOffTest.describe('business hours, disabled', () => {
  featuresOffTest.use({ signedInAs: 'admin' });

  featuresOffTest('has no tab and its route is not found', async ({ page }) => {
    await page.goto('/settings/mailboxes');
    await expect(settingsTabs(page)).toHaveText(['Mailboxes', 'Users', 'Teams']);
    await expectNotFound(page, '/settings/business');
  });
});
