import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type {
  StatsDistribution,
  StatsSummary,
  StatsTimeseries,
  StatsUnrepliedPage,
} from '../../src/api/types';
import { formatDuration } from '../../common/durations';
import { portalApi, type PortalApi } from './support/api';
import { expect, test } from './support/fixtures';
import { saveShot } from './support/shots';
import { expectNoSeriousViolations } from './support/axe';

// The native dashboard on the seeded demo data: what each role sees is what the API gives it.

const count = (value: number) => value.toLocaleString('en-US');
const tile = (page: Page, name: string) =>
  page.getByRole('group', { name, exact: true }).locator('.kpi-value');

/** The browser's today and the default range, the last 30 days. */
async function defaultRange(page: Page) {
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: today };
}

/** The API as the demo user of `role`. */
async function apiFor(page: Page, token: string): Promise<PortalApi> {
  return portalApi(page.context().request, token);
}

async function summaryOf(api: PortalApi, query: string): Promise<StatsSummary> {
  const reply = await api.get(`/portal/api/stats/summary?${query}`);
  expect(reply.status()).toBe(200);
  return (await reply.json()) as StatsSummary;
}

async function expectTiles(page: Page, summary: StatsSummary, time: 'business' | 'calendar') {
  await expect(tile(page, 'Received')).toHaveText(count(summary.received));
  await expect(tile(page, 'Sent')).toHaveText(count(summary.sent));
  await expect(tile(page, 'Unreplied')).toHaveText(count(summary.unreplied));
  await expect(tile(page, 'Awaiting reply')).toHaveText(count(summary.awaiting));
  const median = summary.response_time[time].median;
  await expect(tile(page, 'Median response time')).toHaveText(
    median === null ? 'No data' : formatDuration(median),
  );
  const share = summary.within_target.share;
  await expect(tile(page, 'Within target')).toHaveText(
    share === null ? 'No data' : `${Math.round(share * 100)}%`,
  );
}

const duration = (seconds: number | null) =>
  seconds === null ? 'No data' : formatDuration(seconds);

/** The median chart's and the distribution's tables hold the API's calendar figures. */
async function expectCalendarCharts(page: Page, api: PortalApi, range: string) {
  const reply = await api.get(`/portal/api/stats/timeseries?${range}&granularity=day`);
  const series = (await reply.json()) as StatsTimeseries;
  const calendar = series.points.map((p) => duration(p.calendar.median));
  // Only a check of the switch when the two bases differ somewhere.
  expect(series.points.map((p) => duration(p.business.median))).not.toEqual(calendar);
  const median = page.getByRole('region', { name: 'Median response time' });
  await expect(median.getByText('Calendar time', { exact: true })).toBeVisible();
  await median.getByRole('button', { name: 'Show as table' }).click();
  await expect(median.locator('tbody td')).toHaveText(calendar);

  const asked = async (time: string) =>
    (await (
      await api.get(`/portal/api/stats/distribution?${range}&time=${time}`)
    ).json()) as StatsDistribution;
  const [business, distribution] = [await asked('business'), await asked('calendar')];
  expect(distribution).not.toEqual(business);
  const chart = page.getByRole('region', { name: 'Response time distribution' });
  await expect(chart.getByRole('img')).toHaveAccessibleName(/calendar response time/);
  await chart.getByRole('button', { name: 'Show as table' }).click();
  const buckets = [
    distribution.under_1h,
    distribution.from_1h_to_4h,
    distribution.from_4h_to_24h,
    distribution.from_1d_to_3d,
    distribution.over_3d,
    distribution.still_waiting,
  ];
  await expect(chart.locator('tbody td')).toHaveText(buckets.map(count));
}

for (const role of ['admin', 'manager', 'viewer'] as const) {
  test.describe(`as the demo ${role}`, () => {
    test.use({ signedInAs: role });

    test('the tiles show the figures the API gives this role', async ({ page, app }) => {
      await page.goto('/dashboard');
      const { from, to } = await defaultRange(page);
      const api = await apiFor(page, await app.token(role));
      const summary = await summaryOf(api, `from=${from}&to=${to}`);
      expect(summary.received).toBeGreaterThan(0);
      await expectTiles(page, summary, 'business');
      const mailboxes = page.getByRole('button', { name: /^Mailboxes/ });
      await expect(mailboxes).toHaveCount(role === 'viewer' ? 0 : 1);
    });
  });
}

test.describe('as the demo admin', () => {
  test.use({ signedInAs: 'admin' });

  test('a filter lives in the URL: a reload shows the same view', async ({ page, app }) => {
    await page.goto('/dashboard');
    await expect(tile(page, 'Received')).not.toHaveText('');
    await page.getByRole('radio', { name: 'Last 7 days' }).click();
    await page.getByRole('radio', { name: '4 h', exact: true }).click();
    await expect(page).toHaveURL(/target=14400/);
    const url = new URL(page.url());
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    const api = await apiFor(page, await app.token('admin'));
    const summary = await summaryOf(api, `from=${from}&to=${to}&target=14400`);
    await expectTiles(page, summary, 'business');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '4 h', exact: true })).toBeChecked();
    await expectTiles(page, summary, 'business');
  });

  test('a mailbox chosen in the Mailboxes filter narrows every figure, and the URL keeps it', async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto('/dashboard');
    await expect(tile(page, 'Received')).not.toHaveText('');
    // The filter's checklist loads when the menu first opens; at 700 px the Mailboxes filter
    // ends its row, and its list opens leftwards, wholly in view.
    await page.getByRole('button', { name: /^Mailboxes/ }).click();
    const list = page.getByRole('group', { name: 'Mailboxes' });
    const popover = (await page.locator('.filter-popover').boundingBox()) ?? { x: 0, width: 1e4 };
    expect(popover.x + popover.width).toBeLessThanOrEqual(700);
    await list.getByRole('checkbox', { name: /support@acme\.example/ }).check();
    await expect(page).toHaveURL(/mailboxes=support%40acme\.example/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Mailboxes/ })).toContainText('Support');
    const { from, to } = await defaultRange(page);
    const api = await apiFor(page, await app.token('admin'));
    const summary = await summaryOf(api, `from=${from}&to=${to}&mailboxes=support@acme.example`);
    await expectTiles(page, summary, 'business');
  });

  test('a bad param falls back to the default', async ({ page }) => {
    await page.goto('/dashboard?from=2026-13-45&to=yesterday&target=5&time=lunar&by=planet');
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '2 h', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Business time' })).toBeChecked();
    await expect(tile(page, 'Received')).toHaveText(/^[\d,]+$/);
  });

  test('a breakdown row filters the page to its mailbox', async ({ page, app }) => {
    await page.goto('/dashboard');
    const breakdown = page.getByRole('region', { name: 'Breakdown' });
    const first = breakdown.getByRole('row').nth(1);
    const mailbox = (await first.getByRole('rowheader').innerText()).trim();
    await first.getByRole('button', { name: mailbox }).click();
    await expect(page).toHaveURL(new RegExp(`mailboxes=${encodeURIComponent(mailbox)}`));
    const { from, to } = await defaultRange(page);
    const api = await apiFor(page, await app.token('admin'));
    const summary = await summaryOf(api, `from=${from}&to=${to}&mailboxes=${mailbox}`);
    await expectTiles(page, summary, 'business');
  });

  test('business and calendar time switch every time figure', async ({ page, app }) => {
    await page.goto('/dashboard');
    const { from, to } = await defaultRange(page);
    const api = await apiFor(page, await app.token('admin'));
    const summary = await summaryOf(api, `from=${from}&to=${to}`);
    await expectTiles(page, summary, 'business');
    await page.getByRole('radio', { name: 'Calendar time' }).click();
    await expect(page).toHaveURL(/time=calendar/);
    await expectTiles(page, summary, 'calendar');
    const p90 = summary.response_time.calendar.p90;
    await expect(tile(page, '90th percentile response time')).toHaveText(
      p90 === null ? 'No data' : formatDuration(p90),
    );
    await expectCalendarCharts(page, api, `from=${from}&to=${to}`);
  });

  test('the CSV download holds the API export of the breakdown', async ({ page, app }) => {
    await page.goto('/dashboard?by=team');
    await expect(page.getByRole('radio', { name: 'Team' })).toBeChecked();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await downloading).path();
    const { from, to } = await defaultRange(page);
    const api = await apiFor(page, await app.token('admin'));
    const reply = await api.get(
      `/portal/api/stats/export.csv?from=${from}&to=${to}&by=team&target=7200`,
    );
    expect(await readFile(file, 'utf8')).toBe(await reply.text());
  });

  test("the requests' CSV download holds the API export of the period's requests", async ({
    page,
    app,
  }) => {
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Waiting for a reply' });
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export all requests' }).click();
    const download = await downloading;
    const { from, to } = await defaultRange(page);
    expect(download.suggestedFilename()).toBe(`mailpulse-requests-${from}-${to}.csv`);
    const api = await apiFor(page, await app.token('admin'));
    const reply = await api.get(`/portal/api/stats/requests.csv?from=${from}&to=${to}`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toBe(await reply.text());
    expect(text.split('\r\n')[0]).toBe(
      'mailbox,from,subject,received,status,replied,response_business_seconds,' +
        'response_calendar_seconds,closed_by,closed_at',
    );
  });

  test('the unreplied list, longest waiting first, paged', async ({ page, app }) => {
    await page.goto('/dashboard');
    const { from, to } = await defaultRange(page);
    const api = await apiFor(page, await app.token('admin'));
    const reply = await api.get(
      `/portal/api/stats/unreplied?from=${from}&to=${to}&order=longest&page=1&page_size=10`,
    );
    const expected = (await reply.json()) as StatsUnrepliedPage;
    const list = page.getByRole('region', { name: 'Waiting for a reply' });
    const first = list.getByRole('row').nth(1);
    const row = expected.unreplied[0];
    if (!row) throw new Error('the demo data has no unreplied mail');
    await expect(first).toContainText(row.from);
    await expect(first).toContainText(formatDuration(row.waiting.business));
    await expect(first).toContainText(formatDuration(row.waiting.calendar));
    const pages = Math.ceil(expected.total / 10);
    await expect(list.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await list.getByRole('button', { name: 'Next' }).click();
    await expect(list.getByText(`Page 2 of ${pages}`)).toBeVisible();
  });

  test('screenshots at 1280, 1000 and 700 px', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('.uplot-host canvas').first()).toBeVisible();
    for (const width of [1280, 1000, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(tile(page, 'Received')).toBeVisible();
      await saveShot(page, `native-dashboard-${width}`, { fullPage: true });
    }
  });
});

test.describe('axe on the native dashboard', () => {
  test.use({ signedInAs: 'admin' });

  test('with data', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('.uplot-host canvas').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  // The shared server's mailboxes change as other specs run, so only the empty range is fixed.
  test('with no data', async ({ page }) => {
    await page.goto('/dashboard?from=2020-01-01&to=2020-01-31');
    await expect(tile(page, 'Received')).toHaveText('No data');
    await expectNoSeriousViolations(page);
  });

  test('with an error', async ({ page }) => {
    await page.route('**/portal/api/stats/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Something went wrong' }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
