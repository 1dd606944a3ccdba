import { expect, test } from './support/fixtures';

// The app ships Inter itself: without it Linux falls back to a wide, heavy sans, and the CSP
// allows no font host, so the font must come from the app's own origin.
test('text is set in Inter, served by the app itself', async ({ page, app }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);

  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family.split(',')[0]).toBe('"Inter Variable"');
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
  );
  expect(loaded).toContain('Inter Variable');
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(app.url).origin);

  const font = await page.request.get(fontRequests[0] ?? '');
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toBe('font/woff2');
});
