import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO_USERS, freshSignInCode } from './support/sign-in';

// A page load of /login runs the login page's own host, without the router (docs/architecture.md):
// the router app's chunks (named in vite.config.ts) load only once the visitor signs in.

const ROUTER_CHUNK = /\/assets\/(router|app)-[\w-]+\.js$/;

/** The path of every script the page loads from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

const demoBlock = (page: Page) => page.getByRole('region', { name: 'Try the demo' });

test.describe('the login page on a page load', () => {
  test('loads no router chunk until the visitor signs in, then lands without a page load', async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto('/login');
    await expect(demoBlock(page).getByRole('button')).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => ROUTER_CHUNK.test(path))).toEqual([]);

    // A mark that lives only as long as the document: a page load would drop it.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await demoBlock(page)
      .getByRole('button', { name: `Admin ${DEMO_USERS.admin}` })
      .click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('#shell-sidebar').getByText(DEMO_USERS.admin)).toBeVisible();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(scripts.filter((path) => ROUTER_CHUNK.test(path))).not.toEqual([]);

    // Back leads to /login, where a signed-in visitor is sent on to the dashboard again.
    await page.goBack();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
  });

  test('reads ?email= and ?error=account once, then drops them from the address', async ({
    page,
  }) => {
    await page.goto('/login?error=account&email=jane%40acme.example');
    await expect(page.getByRole('alert')).toContainText("Sorry, we couldn't find your account.");
    await expect(page.getByRole('region', { name: 'Email address' })).toHaveText(
      /jane@acme\.example/,
    );
    await expect(page).toHaveURL('/login');
    await expect(page).toHaveTitle('Log in · Mailpulse');

    await page.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByRole('region', { name: 'Email address' })).toHaveCount(0);
    // The flag outlives the page load, as the router's login page keeps it.
    await page.reload();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Email address' })).toHaveCount(0);
  });

  test('with a sign-in code in the address, trades it and goes on to the dashboard', async ({
    page,
    app,
  }) => {
    await page.goto(`/login?code=${await freshSignInCode(app, 'manager')}`);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.locator('#shell-sidebar').getByText(DEMO_USERS.manager)).toBeVisible();
  });
});
