import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { expect, test } from './support/fixtures';
import { clientDir } from './support/server';

test.describe('serving', () => {
  test('a deep link to /settings/users gets the app (history fallback)', async ({ request }) => {
    const response = await request.get('/settings/users');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const indexHtml = await readFile(resolve(clientDir, 'index.html'), 'utf8');
    expect(await response.text()).toBe(indexHtml);
  });

  test('/healthz reports the PGlite database', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: 'pglite',
      version: expect.any(String),
    });
  });
});
