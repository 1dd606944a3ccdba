import type { Page } from '@playwright/test';
import { TOKEN_KEY } from '../../src/api/session-store';
import { portalApi } from './support/api';
import { expect, test as base } from './support/fixtures';
import { NEWCOMER, STRANGER } from './support/servers';
import { saveShot } from './support/shots';
import { DEMO_USERS, demoLink } from './support/sign-in';

// Sign-in end to end through Chromium, against a server whose Google, Microsoft and company
// single sign-on are a local OpenID provider (its page lists `Sign in as <email>` buttons), with
// demo links on as well.

const test = base.extend({
  app: async ({ signInServer }, provide) => {
    await provide(signInServer);
  },
});

const UNKNOWN_ACCOUNT =
  "Sorry, we couldn't find your account. If you believe this is an error, please get in touch with your administrator or contact support.";

type Provider = 'Google' | 'Microsoft' | 'single sign-on';

/** From /login through the provider's page and back, as a person would click it. */
async function signInWith(page: Page, provider: Provider, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: `Continue with ${provider}` }).click();
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
}

/** The side panel's signed-in address: the same address may also be a mailbox on the dashboard. */
const accountEmail = (page: Page, email: string) =>
  page.locator('#shell-sidebar').getByText(email, { exact: true });

const storedToken = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);

async function expectSignedIn(page: Page, email: string) {
  // The exact address: the token has left the address bar.
  await expect(page).toHaveURL('/dashboard');
  await expect(accountEmail(page, email)).toBeVisible();
  expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
}

test.describe('sign-in', () => {
  test('with Google lands on the dashboard signed in', async ({ page }) => {
    await signInWith(page, 'Google', DEMO_USERS.admin);
    await expectSignedIn(page, DEMO_USERS.admin);
  });

  test('with Microsoft lands on the dashboard signed in', async ({ page, request }) => {
    await signInWith(page, 'Microsoft', DEMO_USERS.manager);
    await expectSignedIn(page, DEMO_USERS.manager);
    const me = await request.get('/portal/api/me/', {
      headers: { Authorization: `Token ${await storedToken(page)}` },
    });
    expect(await me.json()).toMatchObject({ email: DEMO_USERS.manager, role: 'manager' });
  });

  test("with the company's single sign-on, the third button, lands on the dashboard signed in", async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: /^Continue with/ })).toHaveText([
      'Continue with Google',
      'Continue with Microsoft',
      'Continue with single sign-on',
    ]);
    // Ends at 1280 px, where the side panel shows the signed-in address.
    for (const width of [700, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveShot(page, `login-company-sign-in-${width}`);
    }
    await signInWith(page, 'single sign-on', DEMO_USERS.viewer);
    await expectSignedIn(page, DEMO_USERS.viewer);
  });

  test('an unknown account lands on /login with the error box', async ({ page }) => {
    await signInWith(page, 'Google', STRANGER);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('alert')).toHaveText(UNKNOWN_ACCOUNT);
    expect(await storedToken(page)).toBeNull();
  });

  test('a demo link signs in once; reused, it is refused', async ({ page, app }) => {
    const link = await demoLink(app, 'viewer');
    await page.goto(link);
    await expectSignedIn(page, DEMO_USERS.viewer);

    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: 'This sign-in link is no longer valid' }),
    ).toBeVisible();
  });

  test('logout goes to /login and the old token stops working', async ({ page, request }) => {
    await signInWith(page, 'Google', DEMO_USERS.admin);
    await expectSignedIn(page, DEMO_USERS.admin);
    const token = await storedToken(page);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    expect(await storedToken(page)).toBeNull();
    const me = await request.get('/portal/api/me/', {
      headers: { Authorization: `Token ${token}` },
    });
    expect(me.status()).toBe(401);
  });

  test('a removed user is sent to /login by the open app', async ({ page, request, app }) => {
    const admin = await portalApi(request, await app.token('admin'));
    const added = await admin.post('/portal/api/settings/users/', {
      emails: [NEWCOMER],
      role: 'admin',
    });
    expect(added.status()).toBe(201);
    await signInWith(page, 'Microsoft', NEWCOMER);
    await expectSignedIn(page, NEWCOMER);
    await page.waitForLoadState('networkidle');

    const removed = await admin.delete('/portal/api/settings/users/', { emails: [NEWCOMER] });
    expect(removed.status()).toBe(204);
    // Opening Settings asks the server who this is: the 401 ends the session. On a busy machine a
    // dashboard request may still be on its way and be the one refused, ending the session (and
    // taking the link away) before the click: either way the app is at /login.
    const settings = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' });
    await Promise.race([settings.click(), page.waitForURL('/login')]);
    await expect(page).toHaveURL('/login');
    expect(await storedToken(page)).toBeNull();
  });
});
