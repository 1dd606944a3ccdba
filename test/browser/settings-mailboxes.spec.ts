import type { Locator, Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { featureSet, listsTest as test, setLimits, untouchedTest } from './support/lists-server';

// The mailboxes tab as the demo admin, against the real server: Acme tracks 12 of 25 mailboxes.

const TOMORROW = 'This change will be reflected in your dashboard tomorrow at 00:01 local time';

const table = (page: Page) => page.getByRole('table', { name: 'Mailboxes' });
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');
const toastTitle = (page: Page, title: string) =>
  page.locator('.toast-title').filter({ hasText: new RegExp(`^${title}$`) });
const isIndeterminate = (box: Locator) =>
  box.evaluate((element) => (element as HTMLInputElement).indeterminate);

/**
 * Opens the tab once its own fresh list has arrived: the shell loads the admin's lists first,
 * then the tab asks again, and a row menu opened between the two would be re-rendered away.
 */
async function openTab(page: Page) {
  let lists = 0;
  const freshList = new Promise<void>((resolve) => {
    page.on('response', (response) => {
      const request = response.request();
      const isList =
        request.method() === 'GET' && response.url().endsWith('/portal/api/settings/mailboxes/');
      if (isList && ++lists === 2) resolve();
    });
  });
  await page.goto('/settings/mailboxes');
  await freshList;
  await expect(page.getByText('12 of 25 used')).toBeVisible();
}

untouchedTest(
  'lists the mailboxes with their columns, and searches and sorts them',
  async ({ page }) => {
    await openTab(page);
    await expect(bodyRows(page)).toHaveCount(12);
    const emma = bodyRows(page).filter({ hasText: 'emma.novak@acme.example' });
    await expect(emma.getByRole('cell')).toHaveText([
      '',
      'emma.novak@acme.example',
      'Emma Novak',
      'Company',
      /^[A-Z][a-z]{2} \d{2}, \d{4}$/,
      // The badge, then the reason the seeded sync failed.
      /^Error\S/,
      '',
    ]);
    await expect(bodyRows(page).filter({ hasText: 'info@acme.example' })).toContainText('Ignored');
    await expect(bodyRows(page).filter({ hasText: 'support@acme.example' })).toContainText(
      'Custom',
    );
    await expect(bodyRows(page).filter({ hasText: 'mia.kowalski' })).toContainText('Loading data');

    const search = page.getByRole('searchbox', { name: 'Search mailboxes' });
    await search.fill('SOFIA');
    await expect(bodyRows(page)).toHaveCount(1);
    await search.fill('nobody-here');
    await expect(
      page.getByRole('heading', { name: 'No mailboxes, users or teams found' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await expect(bodyRows(page)).toHaveCount(12);

    const email = page.getByRole('columnheader', { name: 'Email' });
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(page).first()).toHaveAttribute('data-row-key', 'billing@acme.example');
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(page).first()).toHaveAttribute(
      'data-row-key',
      'vera.viewer@acme.example',
    );
  },
);

untouchedTest('selects all, one by one, and clears the selection', async ({ page }) => {
  await openTab(page);
  const all = page.getByRole('checkbox', { name: 'Select all' });
  await all.check();
  await expect(page.getByText('12 selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select sales@acme.example' }).uncheck();
  await expect(page.getByText('11 selected')).toBeVisible();
  expect(await isIndeterminate(all)).toBe(true);
  await all.click();
  await expect(page.getByText('12 selected')).toBeVisible();
  await all.click();
  await expect(page.getByText(/selected$/)).toHaveCount(0);
});

test('removes a mailbox from its menu and others in bulk, with the toasts', async ({ page }) => {
  await openTab(page);
  await page.getByRole('button', { name: 'Actions for oliver.grant@acme.example' }).click();
  await page.getByRole('menuitem', { name: 'Remove mailbox' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove mailbox' });
  await expect(dialog).toContainText('Oliver Grant');
  await dialog
    .getByRole('checkbox', { name: 'Delete all their existing email data from the dashboard' })
    .check();
  const removal = page.waitForRequest(
    (request) => request.method() === 'DELETE' && request.url().endsWith('/settings/mailboxes/'),
  );
  await dialog.getByRole('button', { name: 'Remove' }).click();
  expect((await removal).postDataJSON()).toEqual({
    emails: ['oliver.grant@acme.example'],
    delete_from_bq: true,
  });
  await expect(toastTitle(page, 'Mailbox removed')).toBeVisible();
  await expect(page.locator('.toast-description').filter({ hasText: TOMORROW })).toBeVisible();
  await expect(page.getByText('11 of 25 used')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('checkbox', { name: 'Select mia.kowalski@acme.example' }).check();
  await page.getByRole('checkbox', { name: 'Select noah.berg@acme.example' }).check();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  const bulk = page.getByRole('dialog', { name: 'Remove 2 mailboxes' });
  await expect(bulk).toContainText('Mia Kowalski, Noah Berg');
  await bulk.getByRole('button', { name: 'Remove' }).click();
  await expect(toastTitle(page, 'Mailboxes removed')).toBeVisible();
  await expect(page.getByText('9 of 25 used')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(9);
  await expect(page.getByText(/selected$/)).toHaveCount(0);
});

untouchedTest('goes to Add mailboxes below the limit', async ({ page }) => {
  await openTab(page);
  await page.getByRole('link', { name: 'Add mailboxes' }).click();
  await expect(page).toHaveURL(/\/settings\/mailboxes\/add$/);
});

test.describe('at the mailbox limit', () => {
  test.use({ operatorCommands: [setLimits({ mailboxes: 12 })] });

  test('opens the mailbox-limit modal instead of the add page', async ({ page }) => {
    await page.goto('/settings/mailboxes');
    await expect(page.getByText('12 of 12 used')).toBeVisible();
    await page.getByRole('link', { name: 'Add mailboxes' }).click();
    const dialog = page.getByRole('dialog', { name: "You've reached your mailbox limit" });
    await expect(dialog).toContainText('Your workspace is at its maximum of 12 mailboxes');
    await expect(dialog.getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/settings\/mailboxes$/);
  });
});

test.describe('read-only', () => {
  test.use({ operatorCommands: [featureSet('mailboxes', { readOnly: true })] });

  test('hides adding, removing and selecting', async ({ page }) => {
    await openTab(page);
    await expect(bodyRows(page)).toHaveCount(12);
    await expect(page.getByRole('link', { name: 'Add mailboxes' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  });
});
