/** The Alerts page's parts, for the alerts specs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { portalApi } from './api';

const table = (page: Page) => page.getByRole('table', { name: 'Alerts' });
export const bodyRows = (page: Page) => table(page).locator('tbody tr[data-row-key]');
export const rowNamed = (page: Page, name: string) =>
  bodyRows(page).filter({ has: page.locator('.table-primary', { hasText: name }) });
export const toastTitle = (page: Page, title: string) =>
  page.locator('.toast-title').filter({ hasText: new RegExp(`^${title}$`) });
export const chip = (scope: Locator, text: string) => scope.locator('.chip', { hasText: text });
export const search = (page: Page) => page.getByRole('searchbox', { name: 'Search alerts' });

export async function openPage(page: Page, rows = 2) {
  await page.goto('/alerts/');
  await expect(page.getByRole('heading', { name: /^Alerts/, level: 1 })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(rows);
}

export async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Types into a chips input and presses Enter, which turns the text into a chip. */
export async function addChips(field: Locator, text: string) {
  await field.fill(text);
  await field.press('Enter');
}

/** An alert made through the API, as another admin's tab would. */
export async function createAlertByApi(page: Page, token: string, name: string) {
  const client = await portalApi(page.request, token);
  const response = await client.post('/portal/api/alerts/', {
    name,
    minutes_gap: 60,
    base: 'unreplied_emails',
    mailboxes: ['sales@acme.example'],
    addresses: [],
    domains: ['initech.example'],
    notify_emails: ['ada.admin@acme.example'],
  });
  expect(response.status()).toBe(201);
}
