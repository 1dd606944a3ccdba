/**
 * `npm run bench`: front-end figures measured against the real server on a fresh seeded
 * database in Debian's Chromium. Prints figures only; budgets are printed, never enforced.
 * To add a figure, append a Measurement to MEASUREMENTS: it gets a browser and the server's URL
 * and returns the lines it wants printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/browser/support/chromium';
import {
  clientDir,
  createTemplate,
  repoRoot,
  scratchDir,
  startFreshServer,
} from '../test/browser/support/server';

interface BenchContext {
  browser: Browser;
  baseURL: string;
}

interface Measurement {
  name: string;
  run(context: BenchContext): Promise<string[]>;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || type.includes('javascript');
}

/** Every JavaScript file a first visit (fresh context, empty cache) loads, with its gzip size. */
async function firstVisitJs(context: BenchContext, path: string, budgetKb: number) {
  const browserContext = await context.browser.newContext({ baseURL: context.baseURL });
  try {
    const page = await browserContext.newPage();
    const bodies: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (!isJavaScript(response) || response.status() !== 200) return;
      bodies.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const files = (await Promise.all(bodies)).sort((a, b) => b.gzip - a.gzip);
    if (files.length === 0) throw new Error(`${path} loaded no JavaScript`);

    const width = Math.max(4, ...files.map((file) => file.url.length));
    const lines = [`${'file'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`];
    for (const file of files) {
      lines.push(
        `${file.url.padEnd(width)}  ${kB(file.raw).padStart(8)}  ${kB(file.gzip).padStart(8)}`,
      );
    }
    const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0);
    lines.push(`first visit ${path}: JS gzip ${kB(totalGzip)} kB (budget ${budgetKb} kB)`);
    return lines;
  } finally {
    await browserContext.close();
  }
}

// Later: first load of /dashboard after sign-in, table timings.
const MEASUREMENTS: Measurement[] = [
  { name: 'first visit /login', run: (context) => firstVisitJs(context, '/login', 150) },
];

function buildClientIfMissing(): void {
  if (existsSync(resolve(clientDir, 'index.html'))) return;
  console.log('dist/client is missing: building the client');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

async function main(): Promise<void> {
  buildClientIfMissing();
  // Its own template, so a bench never races a browser-test run for the shared one.
  const template = resolve(scratchDir, 'bench-template-db');
  await createTemplate(template);
  const server = await startFreshServer('bench', template);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const measurement of MEASUREMENTS) {
      console.log(`\n== ${measurement.name} ==`);
      for (const line of await measurement.run({ browser, baseURL: server.url })) console.log(line);
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(template, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
