import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { ConfigError } from '../../server/config-values';

describe('configuration from the environment', () => {
  it('has defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      tokenTtlDays: 30,
      sessionIdleDays: 7,
      demoSignIn: false,
      seedDemo: false,
      mailSync: { staleAlertMinutes: 60 },
    });
  });

  it.each([
    ['PORT', 'eighty', 'Invalid PORT: "eighty" is not a whole number'],
    ['PORT', '70000', 'Invalid PORT: 70000 is outside 0–65535'],
    [
      'DATABASE_URL',
      'mysql://x@y/z',
      'Invalid DATABASE_URL: "mysql://x@y/z" must use postgres: or postgresql:',
    ],
    ['PUBLIC_URL', 'not a url', 'Invalid PUBLIC_URL: "not a url" is not a URL'],
    [
      'LOG_LEVEL',
      'loud',
      'Invalid LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
    ],
    ['TOKEN_TTL_DAYS', '0', 'Invalid TOKEN_TTL_DAYS: 0 is outside 1–365'],
    ['SESSION_IDLE_DAYS', '0', 'Invalid SESSION_IDLE_DAYS: 0 is outside 1–365'],
    ['SESSION_IDLE_DAYS', 'week', 'Invalid SESSION_IDLE_DAYS: "week" is not a whole number'],
    ['SEED_DEMO', 'maybe', 'Invalid SEED_DEMO: "maybe" must be true or false'],
    ['SYNC_STALE_ALERT_MIN', 'hour', 'Invalid SYNC_STALE_ALERT_MIN: "hour" is not a whole number'],
    ['SYNC_STALE_ALERT_MIN', '0', 'Invalid SYNC_STALE_ALERT_MIN: 0 is outside 1–43200'],
    [
      'FEEDBACK_WEBHOOK_URL',
      'ftp://x',
      'Invalid FEEDBACK_WEBHOOK_URL: "ftp://x" must use http: or https:',
    ],
  ])('stops on a bad %s, naming it', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(
      new ConfigError(variable, '').constructor,
    );
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/mailpulse' }).databaseUrl,
    ).toBe('postgres://u:p@127.0.0.1:5432/mailpulse');
  });
});
