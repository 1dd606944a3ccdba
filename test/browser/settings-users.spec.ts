import type { Page } from '@playwright/test';
import { portalApi } from './support/api';
import { expect } from './support/fixtures';
import { featureSet, listsTest as test, setLimits, untouchedTest } from './support/lists-server';

// The users tab as the demo admin, Ada, against the real server: Acme has Ada (admin), Max
// (manager of the Sales team, support@ and billing@) and Vera (viewer), of at most 10 users.

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');
const row = (page: Page, email: string) => table(page).locator(`tr[data-row-key="${email}"]`);
const toastTitle = (page: Page, title: string) =>
  page.locator('.toast-title').filter({ hasText: new RegExp(`^${title}$`) });
const emailBox = (page: Page) => page.getByRole('textbox', { name: 'Email addresses' });

async function openTab(page: Page) {
  await page.goto('/settings/users');
  await expect(bodyRows(page)).toHaveCount(3);
}

async function openAddUsers(page: Page) {
  await page.getByRole('button', { name: 'Add new users' }).click();
  return page.getByRole('dialog', { name: 'Add new users' });
}

untouchedTest('shows what each user sees, and keeps the own row out of reach', async ({ page }) => {
  await openTab(page);
  await expect(row(page, 'ada.admin@acme.example')).toContainText('All mailboxes');
  await expect(row(page, 'max.manager@acme.example')).toContainText('1 team, 2 mailboxes');
  await expect(row(page, 'vera.viewer@acme.example').getByRole('cell').nth(4)).toHaveText(
    'vera.viewer@acme.example',
  );
  await expect(
    page.getByRole('checkbox', { name: 'Select ada.admin@acme.example' }),
  ).toBeDisabled();
  await expect(
    page.getByRole('button', { name: 'Actions for ada.admin@acme.example' }),
  ).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();

  const role = page.getByRole('columnheader', { name: 'Role' });
  await role.getByRole('button').click();
  await expect(bodyRows(page).first()).toHaveAttribute('data-row-key', 'ada.admin@acme.example');
  await role.getByRole('button').click();
  await expect(bodyRows(page).first()).toHaveAttribute('data-row-key', 'vera.viewer@acme.example');

  await page.getByRole('searchbox', { name: 'Search users' }).fill('manager');
  await expect(bodyRows(page)).toHaveCount(1);
});

test('adds a manager in two calls: the users, then their teams and mailboxes', async ({ page }) => {
  await openTab(page);
  const dialog = await openAddUsers(page);
  const submit = dialog.getByRole('button', { name: 'Add users' });
  await emailBox(page).fill('olivia.chen@acme.example, not-an-address ');
  await expect(dialog.locator('.chip-invalid')).toHaveText('not-an-address (invalid)');
  await expect(
    dialog.getByText('Please check that all email addresses are correct.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove not-an-address' }).click();
  await expect(submit).toBeDisabled();
  await dialog.getByRole('radio', { name: /Manager/ }).check();
  await expect(submit).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /^Sales/ }).check();
  await dialog.getByRole('checkbox', { name: /^info@acme\.example/ }).check();

  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') calls.push(new URL(request.url()).pathname);
  });
  await submit.click();
  await expect(toastTitle(page, 'One new user added!')).toBeVisible();
  expect(calls).toEqual(['/portal/api/settings/users/', '/portal/api/settings/managers/']);
  await expect(row(page, 'olivia.chen@acme.example')).toContainText('1 team, 1 mailbox');
});

test('adds viewers only for tracked mailboxes, with the spec errors', async ({ page }) => {
  await openTab(page);
  const dialog = await openAddUsers(page);
  await dialog.getByRole('radio', { name: /Viewer/ }).check();
  await emailBox(page).fill('olivia.chen@acme.example ');
  await expect(dialog.getByText("This user don't have a tracked mailbox")).toBeVisible();
  await emailBox(page).fill('ethan.walker@acme.example ');
  await expect(dialog.getByText("These users doesn't have a tracked mailboxes")).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove olivia.chen@acme.example' }).click();
  await dialog.getByRole('button', { name: 'Remove ethan.walker@acme.example' }).click();
  await emailBox(page).fill('sofia.reyes@acme.example;noah.berg@acme.example ');
  await dialog.getByRole('button', { name: 'Add users' }).click();
  await expect(toastTitle(page, 'Two new users added!')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(row(page, 'noah.berg@acme.example')).toContainText('Viewer');
});

test('edits a role, and a manager’s grants alone', async ({ page }) => {
  await openTab(page);
  await page.getByRole('button', { name: 'Actions for max.manager@acme.example' }).click();
  await page.getByRole('menuitem', { name: 'Edit role' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit role' });
  await expect(dialog.getByRole('radio', { name: /Manager/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /^Sales/ }).uncheck();
  const grants = page.waitForRequest((request) => request.url().endsWith('/settings/managers/'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await grants).postDataJSON()).toMatchObject({ teams: [] });
  await expect(toastTitle(page, 'Role updated')).toBeVisible();
  await expect(row(page, 'max.manager@acme.example')).toContainText('0 teams, 2 mailboxes');

  await page.getByRole('button', { name: 'Actions for vera.viewer@acme.example' }).click();
  await page.getByRole('menuitem', { name: 'Edit role' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit role' });
  await dialog.getByRole('radio', { name: /Admin/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'vera.viewer@acme.example')).toContainText('All mailboxes');
});

test('removes users, one and several, with the number in words', async ({ page, request, app }) => {
  const api = await portalApi(request, await app.token('admin'));
  const added = await api.post('/portal/api/settings/users/', {
    emails: ['liam.ortiz@acme.example'],
    role: 'viewer',
  });
  expect(added.status()).toBe(201);
  await page.goto('/settings/users');
  await expect(bodyRows(page)).toHaveCount(4);

  await page.getByRole('button', { name: 'Actions for vera.viewer@acme.example' }).click();
  await page.getByRole('menuitem', { name: 'Remove user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove user' });
  await expect(dialog).toContainText('Vera Viewer');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toastTitle(page, 'One user removed')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Remove 2 users' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toastTitle(page, 'Two users removed')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByText(/selected$/)).toHaveCount(0);
});

test.describe('with 2 user slots left', () => {
  test.use({ operatorCommands: [setLimits({ users: 5 })] });

  test('warns about the free slots and refuses more users than slots', async ({ page }) => {
    await openTab(page);
    const dialog = await openAddUsers(page);
    await expect(
      dialog.getByText('You can add only 2 more users to this workspace.'),
    ).toBeVisible();
    await emailBox(page).fill('a.b@acme.example c.d@acme.example e.f@acme.example ');
    await dialog.getByRole('radio', { name: /Admin/ }).check();
    await expect(
      dialog.getByText(/You're trying to add 3 users, but you only have 2 slots/),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add users' })).toBeDisabled();
  });
});

test.describe('at the user limit', () => {
  test.use({ operatorCommands: [setLimits({ users: 3 })] });

  test('opens the user-limit modal', async ({ page }) => {
    await openTab(page);
    await page.getByRole('button', { name: 'Add new users' }).click();
    const dialog = page.getByRole('dialog', { name: "You've reached your user limit" });
    await expect(dialog).toContainText('Your workspace is at its maximum of 3 users');
    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('read-only', () => {
  test.use({ operatorCommands: [featureSet('users', { readOnly: true })] });

  test('hides adding, editing, removing and selecting', async ({ page }) => {
    await openTab(page);
    await expect(page.getByRole('button', { name: 'Add new users' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  });
});
