import { expect, test } from './support/fixtures';
import { saveShot } from './support/shots';
import { TOAST_LONG_DURATION_MS } from '../../src/stores/toast-store';
import { expectNoSeriousViolations } from './support/axe';

// "Mark as done" on the dashboard's unreplied list (docs/statistics.md, "Closed by hand"): the
// row leaves the list, the toast offers Undo, and Undo brings the row back, by keyboard, at
// 1280 and 700 px; a toast the user holds (focus on it) keeps its Undo past its time.

test.describe('mark as done on the unreplied list', () => {
  test.use({ signedInAs: 'admin' });

  for (const width of [1280, 700]) {
    test(`closes a request and Undo reopens it at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      const list = page.getByRole('region', { name: 'Waiting for a reply' });
      const first = list.getByRole('button', { name: /^Mark as done: / }).first();
      await expect(first).toBeVisible();
      const name = (await first.getAttribute('aria-label')) ?? '';
      const same = list.getByRole('button', { name, exact: true });
      const before = await same.count();
      const total = (await list.locator('.dash-card-note').innerText()).trim();

      // By keyboard: the button takes focus visibly and Enter presses it.
      await first.focus();
      await expect(first).toBeFocused();
      const ring = await first.evaluate((el) => getComputedStyle(el).boxShadow);
      expect(ring).not.toBe('none');
      await page.keyboard.press('Enter');

      const toast = page
        .getByRole('region', { name: /^Notifications/ })
        .getByRole('listitem')
        .filter({ hasText: 'Marked as done' });
      const undo = toast.getByRole('button', { name: 'Undo' });
      // Focus on the toast holds it, and its Undo, for as long as the user needs.
      await undo.focus();
      await expect(undo).toBeFocused();
      await expect(same).toHaveCount(before - 1);
      await expect(list.locator('.dash-card-note')).not.toHaveText(total);
      await saveShot(page, `mark-done-${width}`, { fullPage: true });
      await expectNoSeriousViolations(page);

      await expect(undo).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(same).toHaveCount(before);
      await expect(list.locator('.dash-card-note')).toHaveText(total);
      await expect(
        page.getByText('The email waits for a reply again', { exact: true }),
      ).toBeVisible();
    });
  }
});

test.describe('a held Undo toast', () => {
  test.use({ signedInAs: 'admin' });

  test('keeps Undo working past its time while focus is on it', async ({ page }) => {
    await page.goto('/dashboard');
    const list = page.getByRole('region', { name: 'Waiting for a reply' });
    const first = list.getByRole('button', { name: /^Mark as done: / }).first();
    await expect(first).toBeVisible();
    const same = list.getByRole('button', {
      name: (await first.getAttribute('aria-label')) ?? '',
      exact: true,
    });
    const before = await same.count();
    // From here the page's timers run on Playwright's clock, which the test moves on.
    await page.clock.install();
    await first.click();
    const undo = page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Marked as done' })
      .getByRole('button', { name: 'Undo' });
    await undo.focus();
    await expect(same).toHaveCount(before - 1);
    await page.clock.fastForward(TOAST_LONG_DURATION_MS * 3);
    await expect(undo).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(same).toHaveCount(before);
    await expect(
      page.getByText('The email waits for a reply again', { exact: true }),
    ).toBeVisible();
  });
});
