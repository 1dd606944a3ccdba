import { expect, test } from './support/fixtures';
import { DEMO_USERS } from './support/sign-in';

test.describe('login page', () => {
  test('names the product in its title', async ({ page }) => {
    await page.goto('/login');
    await expect(
      page.getByRole('heading', { name: 'Log in to the enterprise edition of Mailpulse' }),
    ).toBeVisible();
  });

  test('with no provider set up, the provider buttons are disabled and say why', async ({
    page,
  }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeDisabled();
    await expect(google).toHaveAccessibleDescription(
      'Google sign-in is not set up on this server.',
    );
    const microsoft = page.getByRole('button', { name: 'Continue with Microsoft' });
    await expect(microsoft).toBeDisabled();
    await expect(page.getByText('Microsoft sign-in is not set up on this server.')).toBeVisible();
  });

  test('Try the demo signs in as the chosen demo user, again after logging out', async ({
    page,
  }) => {
    await page.goto('/login');
    const demo = page.getByRole('region', { name: 'Try the demo' });
    await expect(demo.getByRole('button')).toHaveText([
      `Admin${DEMO_USERS.admin}`,
      `Manager${DEMO_USERS.manager}`,
      `Viewer${DEMO_USERS.viewer}`,
    ]);
    await demo.getByRole('button', { name: `Viewer ${DEMO_USERS.viewer}` }).click();
    await expect(page).toHaveURL('/dashboard');
    const logout = page.getByRole('button', { name: 'Log out' });
    // The account item; the viewer's own mailbox is also a row of the dashboard.
    await expect(page.locator('#shell-sidebar').getByText(DEMO_USERS.viewer)).toBeVisible();
    await logout.click();
    await expect(page).toHaveURL('/login');
    await demo.getByRole('button', { name: `Admin ${DEMO_USERS.admin}` }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText(DEMO_USERS.admin)).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ signedInAs: 'manager' });

    test('opening /login goes to the dashboard', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByText(DEMO_USERS.manager)).toBeVisible();
    });
  });

  test.describe('with demo sign-in off', () => {
    test.use({ app: async ({ demoOffServer }, provide) => provide(demoOffServer) });

    test('offers no demo block', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
      await expect(page.getByText('Try the demo')).toHaveCount(0);
      await expect(page.getByText(DEMO_USERS.admin)).toHaveCount(0);
    });
  });
});

test.describe('the side panel account block', () => {
  test.use({ signedInAs: 'manager' });

  test('a click on the address does not sign out; the whole address shows on focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const email = page.getByText(DEMO_USERS.manager, { exact: true });
    await email.click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await email.focus();
    await expect(email).toBeFocused();
    const cut = await email.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(cut).toBe(false);
    await expect(email).toHaveAttribute('title', DEMO_USERS.manager);
  });
});
