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
    // A failed test keeps its trace (actions, DOM snapshots, network), without the screencast:
    // recording frames for every test, passed or not, cost Chromium and the runner CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});
