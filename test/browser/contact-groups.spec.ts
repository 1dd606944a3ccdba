import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  expectNotFound,
  featuresOffTest,
  READ_ONLY_NOTE,
  readOnlyTest,
  settingsTabs,
} from './support/feature-variants';

const groupList = (page: Page) => page.getByRole('list', { name: 'Contact groups' });
const contactList = (page: Page) => page.getByRole('list', { name: 'Contacts' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Checks a toast and closes it, so it covers no button for its 10 seconds. */
async function expectToast(page: Page, title: string) {
  const toast = page.getByRole('listitem').filter({ hasText: title });
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
}

test.describe('contact groups, enabled', () => {
  test.use({ signedInAs: 'admin' });

  test('shows the seeded groups with their counts and the first one’s contacts', async ({
    page,
  }) => {
    await page.goto('/settings/contact-groups');
    await expect(page.getByRole('heading', { name: 'Contact Groups', level: 2 })).toBeVisible();
    await expect(
      page.getByText(
        'Organize email addresses and domains in groups for easier reporting and filtering.',
      ),
    ).toBeVisible();
    await expect(groupList(page).getByRole('button', { name: /^Key accounts/ })).toHaveText(
      'Key accounts4 contacts',
    );
    await expect(contactList(page).getByText('ceo@bigclient.example')).toBeVisible();
    // Choosing another group clears the selection.
    await page.getByRole('checkbox', { name: 'Select ceo@bigclient.example' }).check();
    await expect(page.getByRole('button', { name: 'Remove contacts' })).toBeVisible();
    await groupList(page)
      .getByRole('button', { name: /^Partners/ })
      .click();
    await expect(contactList(page).getByText('partner.example')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove contacts' })).toHaveCount(0);
  });

  test('creates, fills, renames and empties a group', async ({ page }) => {
    await page.goto('/settings/contact-groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const create = dialog(page, 'New contact group');
    const name = create.getByRole('textbox', { name: 'Group name' });
    const entries = create.getByRole('textbox', { name: 'Email addresses and domains' });
    await name.fill('key accounts');
    await expect(create.getByText('Please check that the name is not repeated')).toBeVisible();
    await name.fill('Suppliers');
    await entries.fill('orders@supplier.example bad@');
    await entries.press('Enter');
    await expect(
      create.getByText('Please check that all email addresses are correct.'),
    ).toBeVisible();
    await expect(create.getByRole('button', { name: 'Save' })).toBeDisabled();
    await create.getByRole('button', { name: 'Remove bad@' }).click();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page, 'Create this group?')).toContainText(
      'The group Suppliers will be created with 1 contact.',
    );
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'New contact group created');
    await expect(page.getByRole('heading', { name: 'Suppliers', level: 3 })).toBeVisible();

    await page.getByRole('button', { name: 'Add contacts' }).click();
    const add = dialog(page, 'Add contacts');
    await add
      .getByRole('textbox', { name: 'Email addresses and domains' })
      .fill('supplier.example');
    await add.getByRole('textbox', { name: 'Email addresses and domains' }).press('Enter');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(groupList(page).getByRole('button', { name: /^Suppliers/ })).toHaveText(
      'Suppliers2 contacts',
    );

    await page.getByRole('button', { name: 'Actions for Suppliers' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await dialog(page, 'Rename contact group').getByRole('textbox').fill('Vendors');
    await dialog(page, 'Rename contact group').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Contact group renamed');
    await expect(page.getByRole('heading', { name: 'Vendors', level: 3 })).toBeVisible();

    // Removing every contact removes the group, through its modal (no close button).
    await page.getByRole('checkbox', { name: 'Select all contacts' }).check();
    await page.getByRole('button', { name: 'Remove contacts' }).click();
    const remove = dialog(page, 'Remove group');
    await expect(remove).toContainText(
      'You are removing every contact of Vendors, so the group will be removed too.',
    );
    await expect(remove.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await remove.getByRole('button', { name: 'Remove group' }).click();
    await expectToast(page, 'Contact group removed');
    await expect(groupList(page).getByRole('button', { name: /^Vendors/ })).toHaveCount(0);
  });
});

readOnlyTest.describe('contact groups, read-only', () => {
  readOnlyTest.use({ signedInAs: 'admin' });

  readOnlyTest('shows groups and contacts without any editing control', async ({ page }) => {
    await page.goto('/settings/contact-groups');
    await expect(page.getByText(READ_ONLY_NOTE)).toBeVisible();
    await expect(contactList(page).getByText('ceo@bigclient.example')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New group' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add contacts' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  });
});

featuresOffTest.describe('contact groups, disabled', () => {
  featuresOffTest.use({ signedInAs: 'admin' });

  featuresOffTest('has no tab and its route is not found', async ({ page }) => {
    await page.goto('/settings/users');
    await expect(settingsTabs(page)).not.toContainText(['Contact Groups']);
    await expectNotFound(page, '/settings/contact-groups');
  });
});
