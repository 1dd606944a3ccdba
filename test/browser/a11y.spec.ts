import { expect, test } from './support/fixtures';
import { expectNoSeriousViolations } from './support/axe';

// axe on the pages issue 3 builds: nothing serious or critical, with no rule switched off.

test('the login page, with its error box', async ({ page }) => {
  await page.goto('/login?error=account&email=someone%40acme.example');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('someone@acme.example')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test.describe('signed in as an admin', () => {
  test.use({ signedInAs: 'admin' });

  const none = test.extend({
    app: async ({ noDashboardServer }, provide) => {
      await provide(noDashboardServer);
    },
  });

  none('the ready-soon dashboard in its shell', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: 'Your dashboard will be ready soon' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(
      page.getByRole('heading', { name: 'Whoa! How did you end up here?' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the shell as an icon rail, and as an open mobile menu', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.setViewportSize({ width: 700, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the feedback modal', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Share feedback' }).click();
    await expect(page.getByRole('dialog', { name: 'Share feedback' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
