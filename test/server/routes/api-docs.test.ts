import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { renderApiDocs, type ContractDocument } from '../../../scripts/api-docs/render-api-docs';
import { createTestApp, type TestApp } from '../support/app';

// /portal/api/docs: the page the build renders from openapi/portal.yaml, served by the server
// without a token; 503 while the app is not built. Its look in Chromium: test/browser/api-docs.spec.ts.

/** The page as `npm run build` writes it. */
const builtPage = () =>
  renderApiDocs(parse(readFileSync('openapi/portal.yaml', 'utf8')) as ContractDocument);

let dir: string;
let built: TestApp;
let unbuilt: TestApp;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mailpulse-api-docs-'));
  await writeFile(join(dir, 'api-docs.html'), builtPage());
  built = await createTestApp({ CLIENT_DIR: dir });
  unbuilt = await createTestApp();
});
afterAll(async () => {
  await built.close();
  await unbuilt.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the API reference page', () => {
  it('lists every operation of the contract, the token scopes of the statistics among them', () => {
    const page = builtPage();
    expect(page).toContain('id="op-getStatsSummary"');
    expect(page).toContain('id="op-createApiToken"');
    expect(page).toContain('id="schema-ApiToken"');
    expect(page).toMatch(/op-exportStatsCsv[\s\S]*?an API token with <code>stats:read<\/code>/);
  });

  it('loads nothing: no script, no stylesheet or image link, no address of another site', () => {
    const page = builtPage();
    expect(page).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(page).not.toMatch(/(?:href|src)="(?!#|\/portal\/)/);
  });

  it('is served without a token as HTML, and answers 503 while the app is not built', async () => {
    const reply = await built.app.inject({ method: 'GET', url: '/portal/api/docs' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toBe(builtPage());
    const missing = await unbuilt.app.inject({ method: 'GET', url: '/portal/api/docs' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({
      message: 'The API reference is not built: run npm run build.',
    });
  });
});
