import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

async function openFeedback(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Share feedback' }).click();
  return page.getByRole('dialog', { name: 'Share feedback' });
}

test.describe('feedback, as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('needs more than 5 characters and sends the type and text', async ({ page }) => {
    const dialog = await openFeedback(page);
    await expect(dialog.getByRole('radio')).toHaveCount(3);
    await expect(dialog.getByRole('radio', { name: 'Feature request' })).toBeChecked();
    const send = dialog.getByRole('button', { name: 'Send feedback' });
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill('12345');
    await expect(send).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Question' }).check();
    await dialog
      .getByRole('textbox', { name: 'Your feedback' })
      .fill('Can I export the dashboard?');
    const posted = page.waitForResponse('**/portal/api/feedback/');
    await send.click();
    const response = await posted;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toEqual({
      content: 'Can I export the dashboard?',
      type: 'Question',
    });
    await expect(page.getByText('Thanks for your feedback', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('closes with Escape, and opens empty again', async ({ page }) => {
    const dialog = await openFeedback(page);
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill('Half a thought');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Share feedback' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Your feedback' })).toHaveValue('');
  });
});

test.describe('feedback, as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('is open to any signed-in user', async ({ page }) => {
    const dialog = await openFeedback(page);
    await dialog.getByRole('radio', { name: 'Bug' }).check();
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill('The chart legend overlaps');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thanks for your feedback', { exact: true })).toBeVisible();
  });
});
