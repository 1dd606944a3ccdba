import { expect, test } from './support/fixtures';

// /portal/api/docs in Chromium with every request off this machine blocked: the reference the
// build rendered from openapi/portal.yaml shows, and the page tried to reach nothing outside.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

test('the API reference lists the operations and asks no other site for anything', async ({
  page,
  context,
}) => {
  const outside: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (LOOPBACK.has(url.hostname)) return route.continue();
    outside.push(url.href);
    return route.abort('blockedbyclient');
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  const response = await page.goto('/portal/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Mailpulse portal API · API reference');
  const summary = page.locator('#op-getStatsSummary');
  await expect(summary.getByRole('heading', { level: 3 })).toHaveText(
    'GET /portal/api/stats/summary',
  );
  await expect(summary).toContainText('an API token with stats:read');
  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', {
      name: 'POST /portal/api/settings/api-tokens/',
    })
    .click();
  await expect(page).toHaveURL(/#op-createApiToken$/);
  await page.waitForLoadState('networkidle');

  expect(outside).toEqual([]);
  expect(requested.filter((url) => !LOOPBACK.has(new URL(url).hostname))).toEqual([]);
  expect(requested[0]).toMatch(/\/portal\/api\/docs$/);
});
