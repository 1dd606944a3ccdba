import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, never a Playwright-downloaded browser (nothing can be downloaded here).
 * The background-networking flags stop Chromium from flooding the closed network.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
