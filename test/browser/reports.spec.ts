import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { featureSet, listsTest as test } from './support/lists-server';
import { saveShot } from './support/shots';
import { expectNoSeriousViolations } from './support/axe';

// Scheduled email reports against the real server, on a fresh copy of the demo data per test:
// the admin's Settings → Reports tab, and "Email me a report" on anyone's dashboard. Acme's
// manager Max sees the Sales team (and two mailboxes); the viewer Vera her own mailbox.

const MAX = 'max.manager@acme.example';
const VERA = 'vera.viewer@acme.example';

const table = (page: Page) => page.getByRole('table', { name: 'Reports' });
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');
const toastTitle = (page: Page, title: string) =>
  page.locator('.toast-title').filter({ hasText: new RegExp(`^${title}$`) });

async function openTab(page: Page) {
  await page.goto('/settings/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();
}

test.describe('Settings → Reports', () => {
  test('adds a report for the manager narrowed to his team, edits it and removes it', async ({
    page,
  }) => {
    await openTab(page);
    await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a report' });
    await dialog.getByRole('combobox', { name: 'Recipient' }).selectOption({ value: MAX });
    await dialog.getByRole('radio', { name: /^Daily/ }).check();
    await dialog.getByRole('radio', { name: /^Some teams/ }).check();
    const submit = dialog.getByRole('button', { name: 'Add report' });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Sales' }).check();
    await submit.click();
    await expect(toastTitle(page, 'Report scheduled')).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(MAX);
    await expect(bodyRows(page).first()).toContainText('Daily');
    await expect(bodyRows(page).first()).toContainText('Sales');

    await page.getByRole('button', { name: `Actions for ${MAX} daily` }).click();
    await page.getByRole('menuitem', { name: 'Edit report' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit report' });
    await expect(edit.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
    await edit.getByRole('radio', { name: /^Weekly/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toastTitle(page, 'Report updated')).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Weekly');

    await page.getByRole('button', { name: `Actions for ${MAX} weekly` }).click();
    await page.getByRole('menuitem', { name: 'Remove report' }).click();
    await page
      .getByRole('dialog', { name: 'Remove report' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(toastTitle(page, 'Report removed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
  });

  test("offers only what the recipient may see, and sends the admin's own report now", async ({
    page,
  }) => {
    await openTab(page);
    await page.getByRole('button', { name: 'Add a report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a report' });
    await dialog.getByRole('combobox', { name: 'Recipient' }).selectOption({ value: VERA });
    await dialog.getByRole('radio', { name: /^Some mailboxes/ }).check();
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${VERA}`) })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /^Some teams/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add a report' }).first().click();
    await page
      .getByRole('dialog', { name: 'Add a report' })
      .getByRole('button', { name: 'Add report' })
      .click();
    await expect(toastTitle(page, 'Report scheduled')).toBeVisible();
    await page.getByRole('button', { name: /^Actions for ada\.admin@acme\.example/ }).click();
    await page.getByRole('menuitem', { name: 'Send me one now' }).click();
    await expect(toastTitle(page, 'Report on its way')).toBeVisible();
  });

  test('looks right at 1280 and 700 px, list and modal, with no serious axe finding', async ({
    page,
  }) => {
    test.slow();
    await openTab(page);
    await page.getByRole('button', { name: 'Add a report' }).first().click();
    await page
      .getByRole('dialog', { name: 'Add a report' })
      .getByRole('button', { name: 'Add report' })
      .click();
    await expect(bodyRows(page)).toHaveCount(1);
    for (const width of [1280, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(table(page)).toBeVisible();
      await saveShot(page, `settings-reports-${width}`, { fullPage: true });
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Add a report' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a report' });
      await dialog.getByRole('combobox', { name: 'Recipient' }).selectOption({ value: MAX });
      await dialog.getByRole('radio', { name: /^Some mailboxes/ }).check();
      await expect(dialog.getByRole('checkbox').first()).toBeVisible();
      await saveShot(page, `settings-reports-modal-${width}`);
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });

  test.describe('read-only', () => {
    test.use({ operatorCommands: [featureSet('reports', { readOnly: true })] });

    test('hides adding, editing, removing and selecting', async ({ page }) => {
      await openTab(page);
      await expect(page.getByRole('button', { name: 'Add a report' })).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
    });
  });

  test.describe('disabled', () => {
    test.use({ operatorCommands: [featureSet('reports', { enabled: false })] });

    test('removes the tab and the dashboard control', async ({ page }) => {
      await page.goto('/settings/mailboxes');
      await expect(page.getByRole('link', { name: 'Teams' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
      await page.goto('/settings/reports');
      await expect(page.getByText('Whoa! How did you end up here?')).toBeVisible();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Email me a report' })).toHaveCount(0);
    });
  });
});

test.describe('Email me a report, on the dashboard', () => {
  test.use({ signedInAs: 'viewer' });

  test('a viewer subscribes herself, has one sent now and removes it', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Email me a report' }).click();
    const form = page.getByRole('dialog', { name: 'Email me a report' });
    await expect(form.getByRole('radio', { name: /^Weekly/ })).toBeChecked();
    await expect(form.getByRole('combobox')).toHaveCount(0);
    await form.getByRole('button', { name: 'Email me this report' }).click();
    await expect(toastTitle(page, 'Report scheduled')).toBeVisible();
    const panel = page.getByRole('dialog', { name: 'Your email reports' });
    await expect(panel.getByRole('heading', { name: 'Weekly report' })).toBeVisible();
    await expect(panel).toContainText('Every mailbox you can see');
    await panel.getByRole('button', { name: 'Send me one now' }).click();
    await expect(toastTitle(page, 'Report on its way')).toBeVisible();
    await panel.getByRole('button', { name: 'Remove the weekly report' }).click();
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(toastTitle(page, 'Report removed')).toBeVisible();
    await expect(panel.getByText('You have no email reports.')).toBeVisible();
  });

  test('looks right at 1280 and 700 px, form and list, with no serious axe finding', async ({
    page,
  }) => {
    test.slow();
    for (const width of [1280, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await expect(page.getByRole('button', { name: 'Email me a report' })).toBeEnabled();
      await saveShot(page, `dashboard-report-control-${width}`);
      await page.getByRole('button', { name: 'Email me a report' }).click();
      const form = page.getByRole('dialog', { name: 'Email me a report' });
      await form.getByRole('radio', { name: /^Some mailboxes/ }).check();
      await expect(form.getByRole('checkbox', { name: new RegExp(`^${VERA}`) })).toBeVisible();
      await saveShot(page, `dashboard-report-form-${width}`);
      await expectNoSeriousViolations(page);
      await form.getByRole('checkbox', { name: new RegExp(`^${VERA}`) }).check();
      await form.getByRole('button', { name: 'Email me this report' }).click();
      const panel = page.getByRole('dialog', { name: 'Your email reports' });
      await expect(panel.getByRole('heading', { name: 'Weekly report' })).toBeVisible();
      await saveShot(page, `dashboard-report-panel-${width}`);
      await expectNoSeriousViolations(page);
      await panel.getByRole('button', { name: 'Remove the weekly report' }).click();
      await panel.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(panel.getByText('You have no email reports.')).toBeVisible();
      // The footer's Close (the dialog's × is also named Close).
      await panel.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(panel).toHaveCount(0);
    }
  });
});
