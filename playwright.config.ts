import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/browser/support/chromium';

// Each worker starts its own server (see test/browser/support/fixtures.ts). Three workers: five
// overloaded two cores (tests timed out at 30 s), though three keep only about one busy.
export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/browser/support/global-setup.ts',
  workers: 3,
  retries: 0,
  forbidOnly: true,
  // A test's budget on a loaded two-core machine: multi-step flows (three dialogs in a row) ran
  // 25–33 s there under 30 s, and a timeout only ever costs a failing test. Speed is measured by
  // `npm run bench`, never by this.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '.tmp/test-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT ?? '.tmp/reports/browser.json' }],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions,
    // No trace: recording one for every test (to keep a failed test's) cost the whole stage 9% of
    // its CPU. A failure still prints its call log and the page's snapshot (error-context.md);
    // `npx playwright test <spec> --trace on` records one when a failure needs more.
    trace: 'off',
  },
});
