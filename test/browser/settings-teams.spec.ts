import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { featureSet, listsTest as test, untouchedTest } from './support/lists-server';

// The teams tab as the demo admin, against the real server: Acme has the teams Sales (4
// mailboxes), Support (3) and Account Managers (8).

const TOMORROW = 'This change will be reflected in your dashboard tomorrow at 00:01 local time';

const table = (page: Page) => page.getByRole('table', { name: 'Teams' });
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');
const rowNamed = (page: Page, name: string) =>
  bodyRows(page).filter({ has: page.getByRole('cell', { name, exact: true }) });
const toastTitle = (page: Page, title: string) =>
  page.locator('.toast-title').filter({ hasText: new RegExp(`^${title}$`) });

async function openTab(page: Page) {
  await page.goto('/settings/teams');
  await expect(bodyRows(page)).toHaveCount(3);
}

untouchedTest('lists the teams, and searches, sorts and selects them', async ({ page }) => {
  await openTab(page);
  await expect(rowNamed(page, 'Sales')).toContainText('4 mailboxes');
  await expect(rowNamed(page, 'Sales')).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);

  const members = page.getByRole('columnheader', { name: 'Members' });
  await members.getByRole('button').click();
  await expect(bodyRows(page).first()).toContainText('Support');
  await members.getByRole('button').click();
  await expect(bodyRows(page).first()).toContainText('Account Managers');

  await page.getByRole('searchbox', { name: 'Search teams' }).fill('billing@');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Support');
  await page.getByRole('searchbox', { name: 'Search teams' }).fill('');
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
});

test('creates a team, refusing a name that exists in any case', async ({ page }) => {
  await openTab(page);
  await page.getByRole('button', { name: 'Create new team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new team' });
  const submit = dialog.getByRole('button', { name: 'Create team' });
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('sALES');
  await dialog.getByRole('checkbox', { name: /^emma\.novak@acme\.example/ }).check();
  await expect(dialog.getByText('This team name already exists')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('Escalations');
  await submit.click();
  await expect(toastTitle(page, 'New team created')).toBeVisible();
  await expect(page.locator('.toast-description').filter({ hasText: TOMORROW })).toBeVisible();
  await expect(rowNamed(page, 'Escalations')).toContainText('1 mailbox');
});

test('edits a team', async ({ page }) => {
  await openTab(page);
  await page.getByRole('button', { name: 'Actions for Support' }).click();
  await page.getByRole('menuitem', { name: 'Edit team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit team' });
  await expect(dialog.getByRole('textbox', { name: 'Team name' })).toHaveValue('Support');
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('Customer Support');
  await dialog.getByRole('checkbox', { name: /^info@acme\.example/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toastTitle(page, 'Team edited')).toBeVisible();
  await expect(rowNamed(page, 'Customer Support')).toContainText('2 mailboxes');
});

test('removes a team from its menu and others in bulk', async ({ page }) => {
  await openTab(page);
  await page.getByRole('button', { name: 'Actions for Sales' }).click();
  await page.getByRole('menuitem', { name: 'Remove team' }).click();
  await page
    .getByRole('dialog', { name: 'Remove team' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toastTitle(page, 'Team removed')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Remove 2 teams' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toastTitle(page, 'Teams removed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start by creating a team' })).toBeVisible();
});

test.describe('read-only', () => {
  test.use({ operatorCommands: [featureSet('teams', { readOnly: true })] });

  test('hides creating, editing, removing and selecting', async ({ page }) => {
    await openTab(page);
    await expect(page.getByRole('button', { name: 'Create new team' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  });
});
