import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LoginProvider } from '../config-sign-in';

/**
 * One sign-in attempt, remembered between the redirect to the provider and its return in a
 * signed cookie: the server keeps no state, and a forged or altered cookie is refused.
 */
export interface LoginAttempt {
  provider: LoginProvider;
  state: string;
  nonce: string;
  code_verifier: string;
  /** Milliseconds since the epoch. */
  expires: number;
}

export const ATTEMPT_COOKIE = 'mp_login';
export const ATTEMPT_COOKIE_PATH = '/portal/complete/';
export const ATTEMPT_LIFETIME_SECONDS = 10 * 60;

const signature = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function sealAttempt(attempt: LoginAttempt, secret: string): string {
  const payload = Buffer.from(JSON.stringify(attempt)).toString('base64url');
  return `${payload}.${signature(payload, secret)}`;
}

const PROVIDERS: readonly string[] = ['google-oauth2', 'microsoft-graph', 'oidc'];

function isAttempt(value: unknown): value is LoginAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.provider === 'string' &&
    PROVIDERS.includes(v.provider) &&
    ['state', 'nonce', 'code_verifier'].every((key) => typeof v[key] === 'string') &&
    typeof v.expires === 'number'
  );
}

type OpenedAttempt =
  { ok: true; attempt: LoginAttempt } | { ok: false; reason: 'missing' | 'forged' | 'expired' };

/** Checks the signature and the lifetime; says why when the cookie cannot be used. */
export function openAttempt(
  sealed: string | undefined,
  secret: string,
  now = Date.now(),
): OpenedAttempt {
  if (!sealed) return { ok: false, reason: 'missing' };
  const [payload = '', mac = ''] = sealed.split('.');
  const expected = Buffer.from(signature(payload, secret));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (!isAttempt(parsed)) return { ok: false, reason: 'forged' };
  if (parsed.expires <= now) return { ok: false, reason: 'expired' };
  return { ok: true, attempt: parsed };
}
