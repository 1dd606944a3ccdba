import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { LogFormat } from '../../../server/logging/one-line';
import { createTestDb } from '../support/test-db';

// Issue 44: what travels in a URL and works as a credential (a sign-in code, a demo or operator
// sign-in link, a report's unsubscribe link) never reaches a log line, in either log format.

const SECRETS = {
  code: 'CodeSecretCodeSecretCodeSecretCodeSecret123',
  demo: 'DemoSecretDemoSecretDemoSecretDemoSecret123',
  unsubscribe: 'UnsubSecretUnsubSecretUnsubSecretUnsubSecret',
  reported: 'ReportedSecretReportedSecretReportedSecret12',
  apiToken: 'mp_ApiTokenSecretApiTokenSecretApiTokenSecret12',
  pasted: 'mp_PastedTokenPastedTokenPastedTokenPastedTo',
};

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** Everything the app logs while it answers the requests that carry the secrets. */
async function logOf(logFormat: LogFormat): Promise<string> {
  const lines: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'debug', CLIENT_DIR: '.tmp/no-client', DEMO: '1' });
  const app = await buildApp({
    config,
    db: await createTestDb(),
    logStream: { write: (line) => lines.push(line) },
    logFormat,
    backgroundWork: false,
  });
  apps.push(app);
  await app.inject({ method: 'GET', url: `/dashboard?code=${SECRETS.code}` });
  await app.inject({ method: 'GET', url: `/portal/demo-login/${SECRETS.demo}` });
  await app.inject({
    method: 'GET',
    url: `/portal/api/stats/summary?from=2026-11-01&to=2026-11-02&key=${SECRETS.pasted}`,
    headers: { authorization: `Bearer ${SECRETS.apiToken}` },
  });
  await app.inject({ method: 'GET', url: `/portal/reports/unsubscribe/${SECRETS.unsubscribe}` });
  await app.inject({
    method: 'POST',
    url: `/portal/reports/unsubscribe/${SECRETS.unsubscribe}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  await app.inject({
    method: 'POST',
    url: '/portal/api/client-errors/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      kind: 'uncaught',
      name: 'Error',
      message: `failed at /dashboard?code=${SECRETS.reported} with Bearer ${SECRETS.pasted}`,
      url: `https://app.example/dashboard?code=${SECRETS.reported}&tab=1`,
      release_stage: 'test',
      breadcrumbs: [
        {
          timestamp: new Date().toISOString(),
          type: 'request',
          message: `GET /portal/demo-login/${SECRETS.reported}`,
        },
        {
          timestamp: new Date().toISOString(),
          type: 'navigation',
          message: `/portal/reports/unsubscribe/${SECRETS.reported} → /login`,
        },
      ],
    }),
  });
  return lines.join('');
}

describe('log lines', () => {
  it.each<LogFormat>(['json', 'line'])(
    'hold no sign-in code, sign-in link, unsubscribe token or API token (%s)',
    async (format) => {
      const log = await logOf(format);
      for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);
      expect(log).toContain('/portal/demo-login/…');
      expect(log).toContain('/portal/reports/unsubscribe/…');
      if (format === 'json') {
        expect(log).toContain('https://app.example/dashboard?code=redacted&tab=1');
        expect(log).toContain('GET /portal/demo-login/…');
        expect(log).toContain('with Bearer redacted');
      }
    },
  );
});
