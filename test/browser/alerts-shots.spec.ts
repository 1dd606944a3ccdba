import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chip, openPage, rowAction, search } from './support/alerts-page';
import { portalApi } from './support/api';
import { expect } from './support/fixtures';
import { listsTest } from './support/lists-server';
import { repoRoot } from './support/server';

// Screenshots of the Alerts page at 1280 and 700 px, left in .tmp/shots to look at.

listsTest(
  'leaves screenshots of the page, the modal and the empty state',
  async ({ page, app }) => {
    const shots = resolve(repoRoot, '.tmp/shots');
    await mkdir(shots, { recursive: true });
    const shoot = (name: string) => page.screenshot({ path: resolve(shots, `alerts-${name}.png`) });
    for (const width of [1280, 700]) {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page);
      await shoot(`list-${width}`);
      await rowAction(page, 'Key accounts waiting', 'Edit alert');
      await expect(chip(page.getByRole('dialog'), 'globex.example')).toBeVisible();
      await shoot(`modal-${width}`);
      await page.keyboard.press('Escape');
      await search(page).fill('escalations');
      await expect(page.getByRole('heading', { name: 'No alerts found' })).toBeVisible();
      await shoot(`no-match-${width}`);
    }
    const client = await portalApi(page.request, await app.token('admin'));
    const { alerts } = (await (await client.get('/portal/api/alerts/')).json()) as {
      alerts: { id: number }[];
    };
    await client.delete('/portal/api/alerts/', { alerts: alerts.map((alert) => alert.id) });
    for (const width of [1280, 700]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/alerts/');
      await expect(
        page.getByRole('heading', { name: 'Never miss an important email again' }),
      ).toBeVisible();
      await shoot(`empty-${width}`);
    }
  },
);
