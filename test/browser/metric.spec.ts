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
const exclusions = (page: Page) => page.getByRole('form', { name: 'Exclude Emails' });
const internal = (page: Page) => page.getByRole('form', { name: 'Internal domains' });

test.describe('metric adjustments, enabled', () => {
  test.use({ signedInAs: 'admin' });

  test('shows both blocks with their texts', async ({ page }) => {
    await page.goto('/settings/metric');
    await expect(exclusions(page).getByRole('heading', { name: 'Exclude Emails' })).toBeVisible();
    await expect(
      page.getByText('Prevent emails with certain conditions from showing up in your dashboard.'),
    ).toBeVisible();
    await expect(exclusions(page).getByRole('link', { name: 'Learn more' })).toBeVisible();
    await expect(
      page.getByText(
        'Manage the domains that you want to categorize as internal communications on your statistics.',
      ),
    ).toBeVisible();
    await expect(internal(page).getByRole('textbox', { name: 'Internal domains' })).toHaveAttribute(
      'placeholder',
      'Type in or paste a list of domains',
    );
    // The workspace's own domain comes first and cannot be deleted.
    await expect(internal(page).getByRole('listitem').first()).toHaveText('acme.exampleDefault');
    await expect(internal(page).getByRole('button', { name: 'Remove acme.example' })).toHaveCount(
      0,
    );
  });

  test('applies the Save rules of the exclusions and saves a condition', async ({ page }) => {
    await page.goto('/settings/metric');
    const save = exclusions(page).getByRole('button', { name: 'Save' });
    const add = exclusions(page).getByRole('button', { name: 'Add condition' });
    await expect(add).toBeVisible();
    await expect(save).toBeDisabled();
    await add.click();
    await expect(save).toBeDisabled();
    const values = page.getByRole('textbox', { name: 'Condition 1 values' });
    await values.fill('newsletter@');
    await values.press('Enter');
    await expect(
      page.getByText('Some of these entries are not valid for this condition.'),
    ).toBeVisible();
    await expect(save).toBeDisabled();
    // Address contains takes a fragment: the operator re-validates the entry.
    await page.getByRole('combobox', { name: 'Condition 1 operator' }).selectOption('contains');
    await expect(save).toBeEnabled();
    // Domain is does not: the field re-validates it too.
    await page.getByRole('combobox', { name: 'Condition 1 operator' }).selectOption('is');
    await page.getByRole('combobox', { name: 'Condition 1 field' }).selectOption('Domain');
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: 'Remove newsletter@' }).click();
    await values.fill('mailer.example');
    await values.press('Enter');
    await expect(save).toBeEnabled();

    await save.click();
    await expect(page.getByText('New exclusions condition saved', { exact: true })).toBeVisible();
    await expect(page.getByText(TOMORROW, { exact: true })).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Condition 1 field' })).toHaveValue('domains');
    await expect(page.getByRole('button', { name: 'Remove mailer.example' })).toBeVisible();

    // Removing the last row allows saving the empty set.
    await page.getByRole('button', { name: 'Remove condition 1' }).click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(exclusions(page).getByText(/No conditions yet/)).toBeVisible();
    await expect(save).toBeDisabled();
  });

  test('applies the Save rules of the internal domains and saves one', async ({ page }) => {
    await page.goto('/settings/metric');
    const save = internal(page).getByRole('button', { name: 'Save' });
    const field = internal(page).getByRole('textbox', { name: 'Internal domains' });
    await expect(field).toBeVisible();
    await expect(save).toBeDisabled();
    await field.fill('not_a_domain');
    await field.press('Enter');
    await expect(page.getByText('Some of the entries are not valid domains.')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: 'Remove not_a_domain' }).click();
    await expect(save).toBeDisabled();
    await field.fill('subsidiary.example');
    await field.press('Enter');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(
      page.getByText('New internal domains condition saved', { exact: true }),
    ).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(
      internal(page).getByRole('button', { name: 'Remove subsidiary.example' }),
    ).toBeVisible();
  });
});

readOnlyTest.describe('metric adjustments, read-only', () => {
  readOnlyTest.use({ signedInAs: 'admin' });

  readOnlyTest('shows the settings without any editing control', async ({ page }) => {
    await page.goto('/settings/metric');
    await expect(page.getByText(READ_ONLY_NOTE)).toBeVisible();
    await expect(internal(page).getByRole('textbox', { name: 'Internal domains' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add condition' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  });
});

featuresOffTest.describe('metric adjustments, disabled', () => {
  featuresOffTest.use({ signedInAs: 'admin' });

  featuresOffTest('has no tab and its route is not found', async ({ page }) => {
    await page.goto('/settings/users');
    await expect(settingsTabs(page)).not.toContainText(['Metric Adjustments']);
    await expectNotFound(page, '/settings/metric');
  });
});
