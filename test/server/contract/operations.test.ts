import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config-values';
import { client } from '../support/app';
import { setUpTestWorkspace } from '../support/suite';

describe('maintenance mode', () => {
  const t = setUpTestWorkspace('maintenance.example', { MAINTENANCE: '1' });

  it('answers the user-info call with 503, which shows the maintenance page', async () => {
    const reply = await client(t.app, t.ws.admin.token).get('/portal/api/me/');
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      error: 'maintenance',
      message: 'Mailpulse is down for maintenance. Please try again in a little while.',
    });
  });

  it('keeps everything else working, health checks included', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await client(t.app, t.ws.viewer.token).get('/portal/api/dashboard')).statusCode).toBe(
      200,
    );
  });

  it('is off by default', async () => {
    expect(loadConfig({}).maintenance).toBe(false);
    expect(loadConfig({ MAINTENANCE: 'true' }).maintenance).toBe(true);
  });
});

describe('Superset configuration', () => {
  const full = {
    SUPERSET_URL: 'https://superset.example.com/',
    SUPERSET_USERNAME: 'embedder',
    SUPERSET_PASSWORD: 'secret',
  };

  it('is absent by default and complete when set, with provider db', () => {
    expect(loadConfig({}).superset).toBeUndefined();
    expect(loadConfig(full).superset).toEqual({
      url: 'https://superset.example.com',
      username: 'embedder',
      password: 'secret',
      provider: 'db',
    });
    expect(loadConfig({ ...full, SUPERSET_PROVIDER: 'ldap' }).superset?.provider).toBe('ldap');
  });

  it.each([
    [
      { ...full, SUPERSET_URL: 'ftp://x' },
      'Invalid SUPERSET_URL: "ftp://x" must use http: or https:',
    ],
    [{ ...full, SUPERSET_USERNAME: '' }, 'Invalid SUPERSET_USERNAME: required with SUPERSET_URL'],
    [{ ...full, SUPERSET_PASSWORD: '' }, 'Invalid SUPERSET_PASSWORD: required with SUPERSET_URL'],
    [{ ...full, SUPERSET_URL: '' }, 'Invalid SUPERSET_URL: required when SUPERSET_USERNAME is set'],
    [{ SUPERSET_PASSWORD: 'x' }, 'Invalid SUPERSET_URL: required when SUPERSET_PASSWORD is set'],
    [
      { ...full, SUPERSET_PROVIDER: 'oauth' },
      'Invalid SUPERSET_PROVIDER: "oauth" is not one of db, ldap',
    ],
    [{ MAINTENANCE: 'soon' }, 'Invalid MAINTENANCE: "soon" must be true or false'],
  ])('stops on a bad setting, naming it (%#)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
