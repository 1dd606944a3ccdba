import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

// What a first visit (a fresh context, an empty cache) loads of JavaScript, with each file's
// gzip size: `npm run bench` prints it, and test/browser/first-load.spec.ts holds it to the
// budgets of issue 23.

export interface LoadedJs {
  /** The file's path, e.g. `/assets/react-Crg9zhOY.js`. */
  url: string;
  raw: number;
  gzip: number;
}

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || type.includes('javascript');
}

/** Every JavaScript file the page loads from `url` until `ready` and the network is idle. */
export async function firstLoadJs(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<LoadedJs[]> {
  const bodies: Promise<LoadedJs>[] = [];
  const onResponse = (response: Response) => {
    if (!isJavaScript(response) || response.status() !== 200) return;
    bodies.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    // The entry runs the route guard before it asks for the page's chunk: on a busy machine
    // that can take longer than networkidle's 500 ms, so wait for what the visitor came for.
    await ready(page);
    // Chunks a ready page still asks for (lazy routes) count as part of the first load, and
    // so would a prefetch the ready page starts (which is why the login page makes none).
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  const files = (await Promise.all(bodies)).sort((a, b) => b.gzip - a.gzip);
  if (files.length === 0) throw new Error(`${url} loaded no JavaScript`);
  return files;
}

/** The login page shows its heading and the demo block. */
export async function loginReady(page: Page) {
  await page.getByRole('heading', { name: /^Log in to the enterprise/, level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Try the demo' }).waitFor();
}

/** The native dashboard shows its heading and uPlot's canvas. */
export async function dashboardReady(page: Page) {
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Your dashboard', level: 1 }).waitFor();
  await page.locator('.uplot-host canvas').first().waitFor();
}
