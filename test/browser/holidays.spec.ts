import type { Locator, Page } from '@playwright/test';
import { portalApi } from './support/api';
import { READ_ONLY_NOTE, readOnlyTest } from './support/feature-variants';
import { expect, test } from './support/fixtures';
import { saveShot } from './support/shots';
import { expectNoSeriousViolations } from './support/axe';

// Company holidays on the business-hours page (added by hand, imported for a country with a
// preview to untick) and the holiday choice of a mailbox's Custom hours, at 1280 and 700 px,
// with axe on the page and its dialogs. SHOTS=1 saves screenshots in .tmp/shots.

const HOLIDAYS_PATH = '/portal/api/settings/holidays/';

async function shoot(page: Page, name: string) {
  await saveShot(page, `holidays-${name}`, { fullPage: true });
}

const holidaysCard = (page: Page) => page.getByRole('region', { name: 'Holidays' });
const rowNamed = (card: Locator, name: string) =>
  card.getByRole('row').filter({ has: card.page().getByRole('cell', { name, exact: true }) });

test.describe('company holidays', () => {
  test.use({ signedInAs: 'admin' });

  // The default server is shared by the worker's tests: leave it with no holidays.
  test.afterEach(async ({ request, app }) => {
    const api = await portalApi(request, await app.token('admin'));
    const reply = await api.get(HOLIDAYS_PATH);
    const { holidays } = (await reply.json()) as { holidays: { date: string }[] };
    for (const { date } of holidays) await api.delete(`${HOLIDAYS_PATH}${date}`, undefined);
  });

  // The flows run at 1280 px; the last test holds the page and its dialogs at 700 px.
  const width = 1280;

  test("adds a range by hand, imports a country's holidays unticking one, removes one", async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings/business');
    const card = holidaysCard(page);
    await expect(card.getByText('No holidays yet')).toBeVisible();

    // By hand: a range that ends before it starts keeps Add disabled and says why.
    await card.getByRole('button', { name: 'Add holiday' }).click();
    const add = page.getByRole('dialog', { name: 'Add holiday' });
    await add.getByRole('textbox', { name: 'Name' }).fill('Christmas closure');
    await add.getByLabel('First day').fill('2026-12-24');
    await add.getByLabel('Last day').fill('2026-12-23');
    await expect(add.getByText('The last day must be on or after the first.')).toBeVisible();
    await expect(add.getByRole('button', { name: 'Add holiday' })).toBeDisabled();
    await add.getByLabel('Last day').fill('2026-12-31');
    await expectNoSeriousViolations(page);
    await shoot(page, `add-${width}`);
    await add.getByRole('button', { name: 'Add holiday' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('Holiday added', { exact: true })).toBeVisible();
    await expect(rowNamed(card, 'Christmas closure')).toContainText('Dec 24, 2026 – Dec 31, 2026');

    // Import: Spain 2027, the preview shown before anything is saved; untick Epiphany.
    await card.getByRole('button', { name: 'Import holidays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import public holidays' });
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('ES');
    await dialog.getByRole('combobox', { name: 'From' }).selectOption('2027');
    await dialog.getByRole('combobox', { name: 'To' }).selectOption('2027');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const list = dialog.getByRole('list', { name: 'Holidays to import' });
    await expect(list.getByRole('checkbox', { name: /New Year/ }).first()).toBeChecked();
    await list.getByRole('checkbox', { name: /Epiphany/ }).uncheck();
    await expectNoSeriousViolations(page);
    await shoot(page, `import-${width}`);
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('holidays/import'),
    );
    await dialog.getByRole('button', { name: /^Import \d+ holidays$/ }).click();
    const body = (await posted).postDataJSON() as { country: string; dates: string[] };
    expect(body.country).toBe('ES');
    expect(body.dates).toContain('2027-01-01');
    expect(body.dates).not.toContain('2027-01-06');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^\d+ holidays imported$/)).toBeVisible();
    await expect(rowNamed(card, 'Epiphany')).toHaveCount(0);
    await expect(rowNamed(card, "New Year's Day")).toBeVisible();

    // Remove the hand-added range; a reload shows the list as stored.
    await card.getByRole('button', { name: 'Remove Christmas closure' }).click();
    await expect(rowNamed(card, 'Christmas closure')).toHaveCount(0);
    await page.reload();
    await expect(rowNamed(holidaysCard(page), 'Christmas closure')).toHaveCount(0);
    await expect(rowNamed(holidaysCard(page), "New Year's Day")).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `page-${width}`);
  });

  test('a Custom mailbox follows a country of its own, shown again when reopened', async ({
    page,
  }) => {
    test.slow();
    const email = 'support@acme.example';
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings/mailboxes');
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Update business hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update business hours' });
    await dialog.getByRole('radio', { name: /^Custom/ }).check();
    await dialog.getByRole('radio', { name: /^A country/ }).check();
    await expect(dialog.getByText('Choose the country whose holidays to follow.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('DE');
    await dialog.getByRole('combobox', { name: 'Region' }).selectOption('BY');
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await shoot(page, `mailbox-${width}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Update business hours' }).click();
    await expect(dialog.getByRole('radio', { name: /^A country/ })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
    await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveValue('BY');
    // Back to the company holidays, as the seed has it.
    await dialog.getByRole('radio', { name: /^Company holidays/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  });

  test('fits 700 px: the card, its two dialogs and a mailbox’s, with no serious axe finding', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto('/settings/business');
    const card = holidaysCard(page);
    await expect(card.getByText('No holidays yet')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'page-700');

    await card.getByRole('button', { name: 'Add holiday' }).click();
    const add = page.getByRole('dialog', { name: 'Add holiday' });
    await add.getByRole('textbox', { name: 'Name' }).fill('Christmas closure');
    await expectNoSeriousViolations(page);
    await shoot(page, 'add-700');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    await card.getByRole('button', { name: 'Import holidays' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import public holidays' });
    await dialog.getByRole('combobox', { name: 'Country' }).selectOption('ES');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('list', { name: 'Holidays to import' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'import-700');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/settings/mailboxes');
    await page.getByRole('button', { name: 'Actions for support@acme.example' }).click();
    await page.getByRole('menuitem', { name: 'Update business hours' }).click();
    const hours = page.getByRole('dialog', { name: 'Update business hours' });
    await hours.getByRole('radio', { name: /^Custom/ }).check();
    await hours.getByRole('radio', { name: /^A country/ }).check();
    await hours.getByRole('combobox', { name: 'Country' }).selectOption('DE');
    await expectNoSeriousViolations(page, '[role="dialog"]');
    await shoot(page, 'mailbox-700');
  });
});

readOnlyTest.describe('company holidays, read-only', () => {
  readOnlyTest.use({ signedInAs: 'admin' });

  readOnlyTest('lists the holidays with no add, import or remove', async ({ page }) => {
    await page.goto('/settings/business');
    await expect(page.getByText(READ_ONLY_NOTE)).toBeVisible();
    const card = holidaysCard(page);
    await expect(card.getByText('No holidays yet')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  });
});
