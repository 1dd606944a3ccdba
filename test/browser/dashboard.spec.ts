import { expect, test } from './support/fixtures';
import { LOOKER_EMBED_URL, LOOKER_NAME, SUPERSET_DASHBOARD_UUID } from './support/servers';

// The home dashboard in each of its states: no platform, a Looker Studio report, and a Superset
// dashboard embedded from a stand-in Superset on its own loopback origin.

const TITLE = 'Your dashboard';
const SUBTITLE = "Measure your team's email activity and track KPIs.";
const EMBED_ERROR = 'Error embedding Superset dashboard. Check console.';
const HELP_TEXT = 'Questions about your settings or your dashboard?';

test.describe('dashboard without a platform', () => {
  const none = test.extend({
    app: async ({ noDashboardServer }, provide) => {
      await provide(noDashboardServer);
    },
  });
  none.use({ signedInAs: 'viewer' });

  none('says it will be ready soon, with a mail to the account manager', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Your dashboard will be ready soon' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact your Account Manager' })).toHaveAttribute(
      'href',
      /^mailto:[^@\s]+@[^@\s]+$/,
    );
    await expect(page.getByText(HELP_TEXT)).toHaveCount(0);
  });
});

test.describe('Looker Studio dashboard', () => {
  const looker = test.extend({
    app: async ({ lookerServer }, provide) => {
      await provide(lookerServer);
    },
  });
  looker.use({ signedInAs: 'admin' });

  looker('shows the report in a sandboxed frame, with Open in Looker Studio', async ({ page }) => {
    // Offline, Looker Studio itself cannot answer: a stand-in page proves the CSP lets it in.
    await page.route('https://lookerstudio.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>Looker Studio stand-in</p>' }),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText(SUBTITLE)).toBeVisible();

    const open = page.getByRole('link', { name: 'Open in Looker Studio' });
    await expect(open).toHaveAttribute('href', LOOKER_EMBED_URL.replace('/embed/', '/'));
    await expect(open).toHaveAttribute('target', '_blank');

    const frame = page.getByTitle(`${LOOKER_NAME} (Looker Studio)`);
    await expect(frame).toHaveAttribute('src', LOOKER_EMBED_URL);
    await expect(frame).toHaveAttribute('allowfullscreen', '');
    await expect(frame).toHaveAttribute('sandbox', /\ballow-scripts\b/);
    await expect(frame).toHaveAttribute('sandbox', /\ballow-same-origin\b/);
    await expect(page.frameLocator('iframe').getByText('Looker Studio stand-in')).toBeVisible();
  });

  looker('adds the help header on the other pages', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText(HELP_TEXT)).toHaveCount(0);

    await page.goto('/settings/mailboxes');
    const help = page.getByRole('complementary', { name: 'Help' });
    await expect(help).toContainText(HELP_TEXT);
    await expect(help.getByRole('link', { name: 'Help' })).toBeVisible();
  });
});

test.describe('Superset dashboard', () => {
  const superset = test.extend({
    app: async ({ supersetServer }, provide) => {
      await provide(supersetServer);
    },
  });
  superset.use({ signedInAs: 'manager' });

  superset(
    'is embedded, and its guest token is refreshed before it expires',
    async ({ page, supersetServer }) => {
      const standin = supersetServer.superset;
      const before = (await standin.tokensReceivedInFrame()).length;
      const response = await page.goto('/dashboard');
      // The app's CSP lets exactly this Superset (and Looker Studio) into frames.
      expect(response?.headers()['content-security-policy']).toContain(
        `frame-src ${standin.url} https://lookerstudio.google.com;`,
      );

      const frame = page.locator(
        `iframe[src^="${standin.url}/embedded/${SUPERSET_DASHBOARD_UUID}"]`,
      );
      await expect(frame).toBeVisible();
      const tokens = (await standin.waitForTokensInFrame(before + 2, 20_000)).slice(before);
      const [first, refreshed] = tokens;
      if (!first?.exp || !refreshed) throw new Error('The frame did not receive two tokens');

      const appOrigin = new URL(supersetServer.url).origin;
      expect((await standin.handshakesInFrame()).at(-1)?.origin).toBe(appOrigin);
      expect(first).toMatchObject({ origin: appOrigin, issued: true });
      expect(refreshed).toMatchObject({ origin: appOrigin, issued: true });
      expect(refreshed.token).not.toBe(first.token);
      expect(refreshed.receivedAt).toBeLessThan(first.exp * 1000);
      // The frame itself says what arrived over the SDK's channel.
      await expect(page.frameLocator('iframe').locator('#status')).toHaveText(
        /guest tokens received: [2-9]/,
      );
      await expect(page.getByText(EMBED_ERROR)).toHaveCount(0);
    },
  );

  superset(
    'shows the embedding error when no guest token comes',
    async ({ page, supersetServer }) => {
      const standin = supersetServer.superset;
      standin.setFailing(true);
      try {
        const logged = page.waitForEvent(
          'console',
          (message) =>
            message.type() === 'error' && message.text().includes('Error embedding Superset'),
        );
        await page.goto('/dashboard');
        await expect(page.getByRole('alert')).toHaveText(EMBED_ERROR);
        await logged;
      } finally {
        standin.setFailing(false);
      }
    },
  );
});
