import type { Page } from '@playwright/test';
import { portalApi } from './support/api';
import { expect, test as base } from './support/fixtures';
import type { Role } from './support/sign-in';

// Settings → Activity against the real server: managers and viewers have neither the tab nor the
// page, and the audit API refuses them.

const NOT_FOUND = 'Whoa! How did you end up here?';

const table = (page: Page) => page.getByRole('table', { name: 'Activity' });

for (const role of ['manager', 'viewer'] satisfies Role[]) {
  base.describe(`Settings → Activity, as a ${role}`, () => {
    base.use({ signedInAs: role });

    base(
      'has no Activity tab, the page is not found, and the API refuses',
      async ({ page, app, request }) => {
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { name: 'Your dashboard', level: 1 })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0);
        await page.goto('/settings/activity');
        await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
        await expect(table(page)).toHaveCount(0);
        const api = await portalApi(request, await app.token(role));
        expect((await api.get('/portal/api/audit/')).status()).toBe(403);
        expect((await api.get('/portal/api/audit/export.csv')).status()).toBe(403);
      },
    );
  });
}
