import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page, PageScreenshotOptions } from '@playwright/test';
import { repoRoot } from './server';

/** Where `saveShot` writes, when asked to. */
const shotsDir = resolve(repoRoot, '.tmp/shots');

/**
 * Writes a screenshot of `page` to `.tmp/shots/<name>.png` for a developer to look at, only when
 * SHOTS=1 (docs/testing.md): it asserts nothing, and encoding a PNG costs every run CPU.
 */
export async function saveShot(
  page: Page,
  name: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  if (process.env.SHOTS !== '1') return;
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ ...options, path: resolve(shotsDir, `${name}.png`) });
}
