import { expect, test } from './support/fixtures';

test.describe('login page', () => {
  test('shows the enterprise edition title', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Log in to the enterprise edition of the product')).toBeVisible();
  });
});
