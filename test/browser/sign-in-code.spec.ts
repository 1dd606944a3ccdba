import { expect, test } from './support/fixtures';
import { saveShot } from './support/shots';
import { DEMO_USERS, freshSignInCode } from './support/sign-in';
import { TOKEN_KEY } from '../../src/api/session-store';

// Issue 44: the sign-in redirect's single-use code, traded for the session by the app. It leaves
// the address bar at once; while someone is signed in, the app asks before it changes user; a
// session token in a link signs nobody in.

test.describe('a sign-in code in the address', () => {
  test('signs a visitor in, and leaves neither the address bar nor history', async ({
    page,
    app,
  }) => {
    await page.goto(`/dashboard?code=${await freshSignInCode(app, 'viewer')}`);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.locator('#shell-sidebar').getByText(DEMO_USERS.viewer)).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    // The code's entry was replaced, not added to: one step back is the page before it.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
  });

  test('used a second time, says the link has expired and leaves the visitor signed out', async ({
    page,
    app,
  }) => {
    const code = await freshSignInCode(app, 'viewer');
    const exchanged = await page.request.post('/portal/api/sign-in-code/', { data: { code } });
    expect(exchanged.status()).toBe(200);
    await page.goto(`/dashboard?code=${code}`);
    await expect(page).toHaveURL('/login');
    const dialog = page.getByRole('dialog', { name: 'This sign-in link has expired' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a session token in a link signs nobody in', async ({ page, app }) => {
    await page.goto(`/dashboard?token=${await app.token('admin')}`);
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test.describe('while someone is signed in', () => {
    test.use({ signedInAs: 'admin' });

    test('asks "Continue as …?"; Cancel keeps the session, looking right at 1280 and 700 px', async ({
      page,
      app,
    }) => {
      test.slow();
      for (const width of [1280, 700]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/dashboard?code=${await freshSignInCode(app, 'manager')}`);
        const dialog = page.getByRole('dialog', { name: 'Switch user?' });
        await expect(dialog).toHaveAccessibleDescription(
          `You are signed in as ${DEMO_USERS.admin}. Continue as ${DEMO_USERS.manager}?`,
        );
        await expect(page).toHaveURL('/dashboard');
        await saveShot(page, `sign-in-code-question-${width}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
        expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBe(
          await app.token('admin'),
        );
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.reload();
      await expect(page.locator('#shell-sidebar').getByText(DEMO_USERS.admin)).toBeVisible();
    });

    test('Continue signs in as the link user', async ({ page, app }) => {
      await page.goto(`/dashboard?code=${await freshSignInCode(app, 'manager')}`);
      const dialog = page.getByRole('dialog', { name: 'Switch user?' });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(page.locator('#shell-sidebar').getByText(DEMO_USERS.manager)).toBeVisible();
      await expect(page).toHaveURL('/dashboard');
      await expect(dialog).toHaveCount(0);
    });
  });
});
