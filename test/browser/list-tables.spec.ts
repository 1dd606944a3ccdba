import type { Locator, Page } from '@playwright/test';
import { portalApi } from './support/api';
import { expect } from './support/fixtures';
import { listsTest as test, setLimits, untouchedTest } from './support/lists-server';

// The list tables scroll with the page under a sticky header row, render only the rows in the
// window's view, stay readable at 700 px, and show a cut text whole on hover and focus.

const USERS = 200;
const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

test.describe('a long users table', () => {
  test.use({ operatorCommands: [setLimits({ users: USERS + 10 })] });

  test.beforeEach(async ({ app, request }) => {
    const api = await portalApi(request, await app.token('admin'));
    const emails = Array.from({ length: USERS }, (_, i) => `person.${1000 + i}@acme.example`);
    const created = await api.post('/portal/api/settings/users/', {
      emails,
      role: 'admin',
      manage_mailboxes: [],
      manage_teams: [],
    });
    expect(created.status()).toBe(201);
  });

  for (const width of [1280, 700]) {
    test(`${width} px: the page scrolls, the header row sticks, rows stay windowed`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings/users');
      await expect(table(page)).toHaveAttribute('aria-rowcount', String(USERS + 3 + 1));
      // Windowed: far fewer rows in the page than in the list.
      expect(await bodyRows(page).count()).toBeLessThan(40);

      // The page itself scrolls (no scroll box inside the card).
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeGreaterThan(USERS * 56);
      await page.evaluate(() => window.scrollTo(0, 6000));
      await expect(page.locator('tr[data-row-key="person.1105@acme.example"]')).toBeInViewport();
      expect(await bodyRows(page).count()).toBeLessThan(40);

      // The rows fill the table: the spacers of the rows not rendered span the columns shown.
      const lastCell = bodyRows(page).first().getByRole('cell').last();
      const right = (box: { x: number; width: number }) => Math.round(box.x + box.width);
      expect(right(await boxOf(lastCell))).toBe(right(await boxOf(table(page))));

      // The header row sits at the window's top, under the top bar on mobile.
      const header = await boxOf(table(page).getByRole('columnheader', { name: 'Name' }));
      const topBar = width <= 768 ? 56 : 0;
      expect(Math.round(header.y)).toBe(topBar);
      await expect(table(page).getByRole('button', { name: 'Name' })).toBeInViewport();
    });
  }

  test("a row menu at the window's bottom opens above its button, wholly in view", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 700, height: 700 });
    await page.goto('/settings/users');
    // The last row whose menu button is wholly in view: less room below it than the menu takes.
    const buttons = table(page).getByRole('button', { name: /^Actions for / });
    await expect(buttons.first()).toBeVisible();
    let button = buttons.first();
    for (const candidate of await buttons.all()) {
      const box = await candidate.boundingBox();
      if (box && box.y + box.height <= 700) button = candidate;
    }
    const label = (await button.getAttribute('aria-label')) ?? '';
    await button.click();
    const menu = page.getByRole('menu', { name: label });
    await expect(menu).toBeInViewport({ ratio: 1 });
    expect((await boxOf(menu)).y + (await boxOf(menu)).height).toBeLessThanOrEqual(
      (await boxOf(button)).y,
    );
    await menu.getByRole('menuitem', { name: 'Edit role' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit role' })).toBeVisible();
  });
});

untouchedTest(
  '700 px: the columns that matter, none squashed, lesser values stacked',
  async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/settings/users');
    const headers = table(page).locator('thead th:visible');
    await expect(table(page).getByRole('columnheader')).toHaveText([
      '',
      'Name',
      'Role',
      'Access to data',
      'Actions',
    ]);
    for (const header of await headers.all()) {
      const text = (await header.textContent()) ?? '';
      // Each named column is wide enough for its header.
      if (text && text !== 'Actions') expect((await boxOf(header)).width).toBeGreaterThan(100);
    }
    // The hidden Email column's value sits under the name.
    const max = table(page).locator('tr[data-row-key="max.manager@acme.example"]');
    await expect(max.getByRole('cell').nth(1)).toHaveText('Max Managermax.manager@acme.example');
    await expect(max.locator('.table-stacked')).toBeVisible();
    await expect(max.locator('td.table-cell-minor')).toBeHidden();

    await page.goto('/settings/mailboxes');
    const mailboxes = page.getByRole('table', { name: 'Mailboxes' });
    await expect(mailboxes.getByRole('columnheader')).toHaveText([
      '',
      'Email',
      'Status',
      'Actions',
    ]);
    await expect(
      mailboxes.locator('tr[data-row-key="support@acme.example"]').getByRole('cell').nth(1),
    ).toHaveText(/^support@acme\.exampleSupport · Hours: Custom · Added \w{3} \d{2}, \d{4}$/);
  },
);

untouchedTest(
  'a cut cell shows its whole text on hover and on keyboard focus',
  async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/settings/users');
    const vera = table(page).locator('tr[data-row-key="vera.viewer@acme.example"]');
    // Vera's access is her own address, cut in the narrow Access column.
    const access = vera.getByRole('cell').last().locator('xpath=preceding-sibling::td[1]');
    const text = access.locator('.truncated');
    await expect(text).toHaveAttribute('data-cut', 'true');
    const tip = page.locator('.truncated-tip');
    await expect(tip).toHaveCount(0);

    await text.hover();
    await expect(tip).toHaveText('vera.viewer@acme.example');
    await expect(tip).toBeInViewport();
    await page.mouse.move(0, 0);
    await expect(tip).toHaveCount(0);

    await text.focus();
    await expect(text).toBeFocused();
    await expect(tip).toHaveText('vera.viewer@acme.example');
    // Screen readers read the element's own whole text; the tooltip is hidden from them.
    await expect(text).toHaveText('vera.viewer@acme.example');
    await expect(tip).toHaveAttribute('aria-hidden', 'true');
    await page.keyboard.press('Tab');
    await expect(tip).toHaveCount(0);
  },
);
