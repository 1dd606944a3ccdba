import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, createTestWorkspace, type TestApp } from '../support/app';

const BASE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
];
const TAIL_CSP = [
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];
const csp = (frameSrc: string) => [...BASE_CSP, `frame-src ${frameSrc}`, ...TAIL_CSP].join('; ');

const clientDir = mkdtempSync(join(tmpdir(), 'mailpulse-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Mailpulse</title>');

let plain: TestApp;
let withSuperset: TestApp;
let token: string;
beforeAll(async () => {
  plain = await createTestApp({ CLIENT_DIR: clientDir });
  withSuperset = await createTestApp({
    CLIENT_DIR: clientDir,
    SUPERSET_URL: 'https://superset.example.com/analytics/',
    SUPERSET_USERNAME: 'embedder',
    SUPERSET_PASSWORD: 'secret',
    PUBLIC_URL: 'https://portal.example.com',
  });
  token = (await createTestWorkspace(plain.db, { domain: 'headers.example' })).viewer.token;
});
afterAll(async () => {
  await plain.close();
  await withSuperset.close();
});

function expectStrictHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('frames only Looker Studio when no Superset is configured', async () => {
    const reply = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.headers['content-security-policy']).toBe(csp('https://lookerstudio.google.com'));
    expectStrictHeaders(reply.headers);
  });

  it("adds the configured Superset's origin, and nothing else, to frame-src", async () => {
    const reply = await withSuperset.app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.headers['content-security-policy']).toBe(
      csp('https://superset.example.com https://lookerstudio.google.com'),
    );
  });

  it('sends them with the app page of a deep link', async () => {
    const reply = await plain.app.inject({ method: 'GET', url: '/settings/users' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expectStrictHeaders(reply.headers);
  });

  it('sends them with API replies, errors included', async () => {
    const ok = await client(plain.app, token).get('/portal/api/me/');
    const refused = await client(plain.app).get('/portal/api/dashboard');
    const unknown = await client(plain.app, token).get('/portal/api/no-such-thing/');
    expect([ok.statusCode, refused.statusCode, unknown.statusCode]).toEqual([200, 401, 404]);
    for (const reply of [ok, refused, unknown]) {
      expect(reply.headers['content-security-policy']).toBe(csp('https://lookerstudio.google.com'));
      expectStrictHeaders(reply.headers);
    }
  });

  it('sends HSTS only when the public URL is https', async () => {
    const http = await plain.app.inject({ method: 'GET', url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const https = await withSuperset.app.inject({ method: 'GET', url: '/healthz' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
