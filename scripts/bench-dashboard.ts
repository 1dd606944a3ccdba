/**
 * Issue 13's dashboard figures for `npm run bench`, on the 100,000-message embedded database
 * (the demo workspace with its whole history, bench-demo-history.ts), as the demo admin, who
 * sees every mailbox: in Chromium, the time from navigating to `/dashboard` to the KPI tiles
 * showing numbers (budget 1.5 s), from a filter click to the tiles showing the new period's
 * numbers, no longer dimmed (budget 500 ms), and from the business/calendar switch to the
 * calendar charts. Each figure is the median of several runs after a warm-up; the load average
 * is printed with them, since the machine is shared.
 */
import { loadavg } from 'node:os';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createTemplate, startFreshServer } from '../test/browser/support/server';
import { withDemoSessions, seedToken } from '../test/browser/support/sign-in';
import { loadDemoHistory } from './bench-demo-history';

const LOAD_BUDGET_MS = 1500;
const FILTER_BUDGET_MS = 500;
const RUNS = 5;
const RECEIVED = '[role="group"][aria-labelledby="kpi-received"] .kpi-value';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Resolves once the tiles show numbers other than `old`, and nothing is dimmed. */
const settled = (page: Page, old: string | null) =>
  page.waitForFunction(
    ([selector, before]) => {
      const text = document.querySelector(selector)?.textContent ?? '';
      return (
        /\d/.test(text) && text !== before && document.querySelector('.dash-body.is-stale') === null
      );
    },
    [RECEIVED, old ?? ''] as const,
  );

async function timeLoad(page: Page): Promise<number> {
  const started = Date.now();
  await page.goto('/dashboard');
  await settled(page, null);
  return Date.now() - started;
}

/** From a click on the preset to the new period's numbers. */
async function timeFilter(page: Page, preset: string): Promise<number> {
  const before = await page.textContent(RECEIVED);
  const clicked = Date.now();
  await page.getByRole('radio', { name: preset }).click();
  await settled(page, before);
  return Date.now() - clicked;
}

/** From a click on the time basis to the charts drawn for it. */
async function timeSwitch(page: Page, basis: 'Business time' | 'Calendar time'): Promise<number> {
  const clicked = Date.now();
  await page.getByRole('radio', { name: basis }).click();
  await page.waitForFunction(
    (note) =>
      document.querySelector('.dash-body.is-stale') === null &&
      [...document.querySelectorAll('.dash-card-note')].some((p) => p.textContent === note),
    basis,
  );
  return Date.now() - clicked;
}

/** Run 0 warms up; runs 1 to RUNS are measured (alternating ones go back and forth). */
async function samples(measure: (run: number) => Promise<number>): Promise<number[]> {
  await measure(0);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) times.push(await measure(run));
  return times;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

export async function dashboardTimings(browser: Browser, scratchDir: string): Promise<string[]> {
  const template = resolve(scratchDir, 'bench-dashboard-template');
  await createTemplate(template);
  const built = Date.now();
  const messages = await loadDemoHistory(template);
  const lines = [
    `${messages.toLocaleString('en')} messages: history loaded and rebuilt in ${((Date.now() - built) / 1000).toFixed(1)} s`,
  ];
  const server = withDemoSessions(await startFreshServer('bench-dashboard', template));
  const context = await browser.newContext({ baseURL: server.url });
  try {
    await seedToken(context, server.url, await server.token('admin'));
    const page = await context.newPage();
    const loads = await samples(() => timeLoad(page));
    const filters = await samples((run) =>
      timeFilter(page, run % 2 === 0 ? 'Last 7 days' : 'Last 30 days'),
    );
    const wide = await samples((run) =>
      timeFilter(page, run % 2 === 0 ? 'Last 90 days' : 'Last 30 days'),
    );
    const switches = await samples((run) =>
      timeSwitch(page, run % 2 === 0 ? 'Calendar time' : 'Business time'),
    );
    const ms = (values: number[]) => `${median(values)} ms median of ${values.join(', ')}`;
    lines.push(
      `navigate to /dashboard → tiles with numbers: ${ms(loads)} (budget ${LOAD_BUDGET_MS} ms)`,
      `filter Last 7 ↔ 30 days → new numbers: ${ms(filters)} (budget ${FILTER_BUDGET_MS} ms)`,
      `filter Last 90 ↔ 30 days → new numbers: ${ms(wide)} (budget ${FILTER_BUDGET_MS} ms)`,
      `business ↔ calendar time → charts redrawn: ${ms(switches)}`,
      `load average (1, 5, 15 min): ${load()}`,
    );
    return lines;
  } finally {
    await context.close();
    await server.stop();
    await rm(template, { recursive: true, force: true });
  }
}
