import type { Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { listsTest as test } from './support/lists-server';
import { saveShot } from './support/shots';
import { expectNoSeriousViolations } from './support/axe';

// Settings → API against the real server, on a fresh copy of the demo data per test: an admin
// creates a token, sees it once and copies it, the token reads the statistics with no cookie,
// and is refused once revoked. The flow runs once at 1280 px; each of its screens is looked at
// again at 700 px, with axe at both widths; screenshots go to .tmp/shots with SHOTS=1.

const SUMMARY = '/portal/api/stats/summary?from=2026-01-01&to=2026-01-31';

async function shoot(page: Page, name: string) {
  await saveShot(page, `settings-api-${name}`, { fullPage: true });
}

/** The screen as it is, at 1280 then 700 px and back to 1280 for the flow's next step. */
async function atBothWidths(page: Page, look: (width: number) => Promise<void>) {
  for (const width of [1280, 700]) {
    await page.setViewportSize({ width, height: 900 });
    await look(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('creates a token shown once, copies it, and revokes it (1280 and 700 px)', async ({
  page,
  context,
  app,
  playwright,
}) => {
  // Six axe runs, three screens at two widths: slow on a loaded two-core machine.
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/mailboxes');
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'API' })
    .click();
  await expect(page).toHaveURL('/settings/api');
  await expect(page.getByRole('heading', { name: 'API', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('SettingsAPI');
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create token' }).click();
  const create = page.getByRole('dialog', { name: 'Create API token' });
  await expect(create.getByRole('button', { name: 'Create token' })).toBeDisabled();
  await create.getByRole('textbox', { name: 'Name' }).fill('Looker Studio');
  await create.getByRole('combobox', { name: 'Expires after' }).selectOption('30');
  await atBothWidths(page, () => expectNoSeriousViolations(page));
  await create.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const token = (await shown.getByLabel('API token').textContent()) ?? '';
  expect(token).toMatch(/^mp_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await atBothWidths(page, async (width) => {
    await expect(shown.getByLabel('API token')).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `shown-${width}`);
  });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Shown once: the list has its first characters only, and a reload does not bring it back.
  const row = page.getByRole('row').filter({ hasText: 'Looker Studio' });
  await expect(row).toContainText(`${token.slice(0, 9)}…`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Looker Studio' })).toBeVisible();
  expect(await page.content()).not.toContain(token);

  // The token reads the statistics with no cookie and no XSRF header, from outside the app.
  const outside = await playwright.request.newContext({ baseURL: app.url });
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await outside.get(SUMMARY, { headers: bearer })).status()).toBe(200);
  await atBothWidths(page, async (width) => {
    await expect(page.getByRole('button', { name: 'Revoke Looker Studio' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, `list-${width}`);
  });

  await page.getByRole('button', { name: 'Revoke Looker Studio' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
  await expect(confirm).toContainText('Revoke Looker Studio?');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('API token revoked', { exact: true })).toBeVisible();
  const revoked = page.getByRole('row').filter({ hasText: 'Looker Studio' });
  await expect(revoked).toContainText('Revoked');
  await expect(revoked.getByRole('button', { name: 'Revoke Looker Studio' })).toHaveCount(0);
  expect((await outside.get(SUMMARY, { headers: bearer })).status()).toBe(401);
  await outside.dispose();
});
