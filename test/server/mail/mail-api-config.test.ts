import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { ConfigError } from '../../../server/config-values';

describe('mail API base URLs', () => {
  it('default to Google and Microsoft', () => {
    expect(loadConfig({}).mailApis).toEqual({
      googleTokenUrl: 'https://oauth2.googleapis.com/token',
      gmailApiUrl: 'https://gmail.googleapis.com',
      microsoftLoginUrl: 'https://login.microsoftonline.com',
      graphApiUrl: 'https://graph.microsoft.com',
      gmailQuotaPerMinute: 15_000,
    });
  });

  it('can point at stand-ins on loopback, without a trailing slash', () => {
    const env = {
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:4000/token',
      GMAIL_API_URL: 'http://127.0.0.1:4000/',
      MICROSOFT_LOGIN_URL: 'http://127.0.0.1:4001',
      GRAPH_API_URL: 'http://127.0.0.1:4001/',
      GMAIL_QUOTA_PER_MINUTE: '6000',
    };
    expect(loadConfig(env).mailApis).toEqual({
      googleTokenUrl: 'http://127.0.0.1:4000/token',
      gmailApiUrl: 'http://127.0.0.1:4000',
      microsoftLoginUrl: 'http://127.0.0.1:4001',
      graphApiUrl: 'http://127.0.0.1:4001',
      gmailQuotaPerMinute: 6000,
    });
  });

  it.each([
    ['GOOGLE_TOKEN_URL', 'oauth2', 'Invalid GOOGLE_TOKEN_URL: "oauth2" is not a URL'],
    [
      'GMAIL_API_URL',
      'ftp://gmail',
      'Invalid GMAIL_API_URL: "ftp://gmail" must use https: or http:',
    ],
    ['MICROSOFT_LOGIN_URL', 'login', 'Invalid MICROSOFT_LOGIN_URL: "login" is not a URL'],
    [
      'GMAIL_QUOTA_PER_MINUTE',
      '15k',
      'Invalid GMAIL_QUOTA_PER_MINUTE: "15k" is not a whole number',
    ],
    [
      'GRAPH_API_URL',
      'file:///graph',
      'Invalid GRAPH_API_URL: "file:///graph" must use https: or http:',
    ],
  ])('stops on a bad %s, naming it', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
  });
});
