import { expect, test } from './support/fixtures';

// The headers the served app carries (the Superset frame origin is checked in dashboard.spec).

test('the app page forbids framing and sniffing, and lets only Looker Studio into frames', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  const csp = (headers['content-security-policy'] ?? '').split(';').map((part) => part.trim());
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  // No Superset is configured on this server.
  expect(csp).toContain('frame-src https://lookerstudio.google.com');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  // The app still runs under that policy.
  await expect(page.getByText('Log in to the enterprise edition of Mailpulse')).toBeVisible();
  expect(refused).toEqual([]);
});
