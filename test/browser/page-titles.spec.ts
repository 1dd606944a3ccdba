import { expect, test } from './support/fixtures';

test('the login page names itself in the tab', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in · Mailpulse');
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'admin' });

  test('each page names itself in the tab, and the name follows navigation', async ({ page }) => {
    await page.goto('/alerts');
    await expect(page).toHaveTitle('Alerts · Mailpulse');
    await page.getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveTitle('Integrations · Mailpulse');
    await page.goto('/settings/mailboxes');
    await expect(page).toHaveTitle('Mailboxes · Mailpulse');
    await page.goBack();
    await expect(page).toHaveTitle('Integrations · Mailpulse');
  });
});
