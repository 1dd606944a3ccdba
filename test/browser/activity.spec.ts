import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { portalApi } from './support/api';
import { expect, test as base } from './support/fixtures';
import { listsTest as test } from './support/lists-server';
import type { Role } from './support/sign-in';
import { expectNoSeriousViolations } from './support/axe';

// Settings → Activity against the real server, on a fresh copy of the demo data per test: the
// admin renames a team and finds the change in the log, with its before and after; the filters
// live in the URL; managers and viewers have neither the tab nor the page.

const NOT_FOUND = 'Whoa! How did you end up here?';

const table = (page: Page) => page.getByRole('table', { name: 'Activity' });
const entryRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');

/** Renames Support to Customer Support on the Teams tab, as an admin would. */
async function renameSupport(page: Page) {
  await page.goto('/settings/teams');
  await page.getByRole('button', { name: 'Actions for Support' }).click();
  await page.getByRole('menuitem', { name: 'Edit team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit team' });
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('Customer Support');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast-title').filter({ hasText: 'Team edited' })).toBeVisible();
}

test.describe('Settings → Activity, as an admin', () => {
  test('shows the team an admin just renamed, opened to its before and after', async ({ page }) => {
    await renameSupport(page);
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(page).toHaveURL('/settings/activity');
    await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();

    await page.getByRole('combobox', { name: 'Operation' }).selectOption('updateTeam');
    await expect(page).toHaveURL('/settings/activity?operation=updateTeam');
    await expect(entryRows(page)).toHaveCount(1);
    const row = entryRows(page).first();
    await expect(row).toContainText('Edited a team');
    await expect(row).toContainText('ada.admin@acme.example');
    await expect(row).toContainText('Customer Support');

    const open = row.getByRole('button', { name: /^Details of Edited a team/ });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const diff = page.getByRole('table', { name: 'Changes of Edited a team' });
    const name = diff
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Name' }) });
    await expect(name.getByRole('cell')).toHaveText(['Support', 'Customer Support']);
    await expectNoSeriousViolations(page);
  });

  test('a link reproduces the filters and the page', async ({ page }) => {
    await renameSupport(page);
    const url = '/settings/activity?actor=ada.admin&operation=updateTeam&target=Support';
    await page.goto(url);
    await expect(page.getByRole('combobox', { name: 'Operation' })).toHaveValue('updateTeam');
    await expect(page.getByRole('searchbox', { name: 'Actor' })).toHaveValue('ada.admin');
    await expect(page.getByRole('searchbox', { name: 'Target' })).toHaveValue('Support');
    await expect(entryRows(page)).toHaveCount(1);
    await expect(entryRows(page).first()).toContainText('Customer Support');

    await page.getByRole('searchbox', { name: 'Actor' }).fill('nobody@acme.example');
    await page.getByRole('searchbox', { name: 'Actor' }).press('Enter');
    await expect(page).toHaveURL(/actor=nobody%40acme\.example/);
    await expect(
      page.getByRole('heading', { name: 'No activity matches these filters' }),
    ).toBeVisible();
    await page.goBack();
    await expect(entryRows(page)).toHaveCount(1);

    // A bad value in a link is dropped, not sent: the rest of the view still opens.
    await page.goto('/settings/activity?operation=drop%20table&page=0&from=2026-02-30');
    await expect(page.getByRole('combobox', { name: 'Operation' })).toHaveValue('');
    await expect(table(page)).toBeVisible();
  });

  test('Export CSV downloads the entries of the filters', async ({ page }) => {
    await renameSupport(page);
    await page.goto('/settings/activity?operation=updateTeam');
    await expect(entryRows(page)).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    const asked = page.waitForRequest((request) => request.url().includes('/audit/export.csv'));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect(new URL((await asked).url()).search).toBe('?operation=updateTeam');
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('mailpulse-activity.csv');
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('operation');
    expect(csv).toContain('Customer Support');
  });
});

for (const role of ['manager', 'viewer'] satisfies Role[]) {
  base.describe(`Settings → Activity, as a ${role}`, () => {
    base.use({ signedInAs: role });

    base(
      'has no Activity tab, the page is not found, and the API refuses',
      async ({ page, app, request }) => {
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0);
        await page.goto('/settings/activity');
        await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
        await expect(table(page)).toHaveCount(0);
        const api = await portalApi(request, await app.token(role));
        expect((await api.get('/portal/api/audit/')).status()).toBe(403);
        expect((await api.get('/portal/api/audit/export.csv')).status()).toBe(403);
      },
    );
  });
}
