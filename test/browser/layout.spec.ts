import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { saveShot } from './support/shots';

// The shell's three layouts: a full side panel, an icon rail at 1100px and below, and a menu
// behind a button at 768px and below. With SHOTS=1, each width also leaves a screenshot in .tmp/shots.

const HEIGHT = 800;

test.use({ signedInAs: 'admin' });

const sidePanel = (page: Page) => page.locator('#shell-sidebar');
const mainItems = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link');
const menuButton = (page: Page) => page.locator('.shell-menu-button');

async function openDashboard(page: Page, width: number) {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  await saveShot(page, `layout-${name}`);
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

test('1280 px: the full side panel with labels', async ({ page }) => {
  await openDashboard(page, 1280);
  await expect(sidePanel(page)).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  const panel = await boxOf(page, '#shell-sidebar');
  expect(panel.x).toBe(0);
  expect(panel.width).toBeGreaterThan(200);
  // Labels take real space next to their icons.
  const label = await mainItems(page).first().locator('.shell-item-label').boundingBox();
  expect(label?.width).toBeGreaterThan(40);
  const main = await boxOf(page, '.shell-main');
  expect(main.x).toBeGreaterThanOrEqual(panel.width);
  await shoot(page, '1280');
});

test('1000 px: an icon rail whose items keep their names', async ({ page }) => {
  await openDashboard(page, 1000);
  await expect(sidePanel(page)).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  const panel = await boxOf(page, '#shell-sidebar');
  expect(panel.width).toBeLessThan(100);
  await expect(mainItems(page)).toHaveText(['Dashboard', 'Alerts', 'Integrations', 'Settings']);
  for (const item of await mainItems(page).all()) {
    const box = await item.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(48);
    // The label is there for screen readers and tooltips, not on screen.
    const label = await item.locator('.shell-item-label').boundingBox();
    expect(label?.width ?? 0).toBeLessThanOrEqual(1);
  }
  const main = await boxOf(page, '.shell-main');
  expect(main.x).toBeGreaterThanOrEqual(panel.width);
  await shoot(page, '1000');
});

test('700 px: the menu button opens and closes the side panel', async ({ page }) => {
  await openDashboard(page, 700);
  await expect(sidePanel(page)).toBeHidden();
  const button = menuButton(page);
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName('Open menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const main = await boxOf(page, '.shell-main');
  expect(main.x).toBe(0);
  expect(main.width).toBe(700);
  await shoot(page, '700');

  await button.click();
  await expect(sidePanel(page)).toBeVisible();
  await expect(button).toHaveAccessibleName('Close menu');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(mainItems(page).first()).toBeInViewport();
  await shoot(page, '700-menu');

  // From the button, Tab enters the panel and Escape there closes it.
  await page.keyboard.press('Tab');
  await expect(mainItems(page).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sidePanel(page)).toBeHidden();
  // A chosen item navigates and closes it too.
  await button.click();
  await mainItems(page).filter({ hasText: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts\/?$/);
  await expect(sidePanel(page)).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});
