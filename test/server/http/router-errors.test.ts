import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, createTestWorkspace, type TestApp } from '../support/app';

// Failures outside a route's handler (the router's own errors, a missing asset) leave through
// the one error handler: security headers, the contract's shape, and no-store for API replies.

const clientDir = mkdtempSync(join(tmpdir(), 'mailpulse-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Mailpulse</title>');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ CLIENT_DIR: clientDir });
  token = (await createTestWorkspace(t.db, { domain: 'router.example' })).admin.token;
});
afterAll(() => t.close());

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const get = (url: string) => client(t.app, token).get(url);

function expectSecurityHeaders(reply: Reply) {
  expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

function expectPage(reply: Reply, status: number, title: RegExp) {
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(reply.body).toMatch(title);
  expect(reply.body).not.toContain('FST_ERR');
  expectSecurityHeaders(reply);
}

function expectError(reply: Reply, status: number, message: string) {
  expect(reply.statusCode, reply.body).toBe(status);
  const body = reply.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.message).toContain(message);
  expectSecurityHeaders(reply);
  expect(reply.headers['cache-control']).toBe('no-store');
}

describe('errors the router raises', () => {
  it('answers an over-long demo sign-in code with the contract 400 page', async () => {
    expectPage(await get(`/portal/demo-login/${'a'.repeat(101)}`), 400, /<h1>[^<]+<\/h1>/);
    const huge = await get(`/portal/demo-login/${'a'.repeat(3000)}`);
    expectPage(huge, 400, /<h1>This address is not valid<\/h1>/);
  });

  it('answers a malformed URL with a 400 page, or an Error under the API', async () => {
    expectPage(await get('/%'), 400, /<h1>This address is not valid<\/h1>/);
    expectError(await get('/portal/api/settings/business-hours/%zz'), 400, 'address');
  });

  it('answers an over-long business-hours mailbox with a 400 naming it', async () => {
    const url = '/portal/api/settings/business-hours/';
    expectError(await get(`${url}${'a'.repeat(300)}@router.example`), 400, 'params/email');
    expectError(await get(`${url}${'a'.repeat(3000)}@router.example`), 400, 'address');
  });

  it('answers a missing asset with 404, not the app page', async () => {
    const reply = await get('/assets/nope.js');
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).not.toMatch(/html/);
    expectSecurityHeaders(reply);
    expect((await get('/settings/users')).statusCode).toBe(200);
  });
});

describe('replies with personal data', () => {
  it('carry Cache-Control: no-store under /portal/api/, errors included', async () => {
    for (const url of ['/portal/api/me/', '/portal/api/settings/users/']) {
      const reply = await get(url);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-store');
    }
    expectError(await client(t.app).get('/portal/api/me/'), 401, 'Sign in again');
    expectError(await get('/portal/api/no-such-thing/'), 404, 'No such path');
  });
});
