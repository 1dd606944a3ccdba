import { expect, test } from './support/fixtures';
import { dashboardReady, firstLoadJs, loginReady, type LoadedJs } from './support/first-load';

// Issue 23's budgets for a first visit's JavaScript (gzip): /login at most 110 kB, /dashboard
// with its charts at most 170 kB. What a page does not use loads when it is needed
// (docs/architecture.md); a change that puts more in a first load fails here, not only in the
// bench's printout. Sizes are bytes of this build, the same on every run.

const total = (files: readonly LoadedJs[]) => files.reduce((sum, file) => sum + file.gzip, 0);
const listed = (files: readonly LoadedJs[]) =>
  files.map((file) => `${file.url} ${(file.gzip / 1000).toFixed(1)} kB`).join('\n');

test('a first visit of /login loads at most 110 kB of JavaScript', async ({ page }) => {
  const files = await firstLoadJs(page, '/login', loginReady);
  expect(total(files), listed(files)).toBeLessThanOrEqual(110_000);
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'admin' });

  test('a first load of /dashboard, charts included, loads at most 170 kB of JavaScript', async ({
    page,
  }) => {
    const files = await firstLoadJs(page, '/dashboard', dashboardReady);
    expect(total(files), listed(files)).toBeLessThanOrEqual(170_000);
  });
});
