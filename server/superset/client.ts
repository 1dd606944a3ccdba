import type { SupersetConfig } from '../config';
import type { RlsRule } from './rls';

/**
 * Asks Superset for a guest token the way its REST API expects: log in, fetch a CSRF token
 * (keeping the session cookie it sets, which the CSRF check needs), then request the token.
 * Done afresh on every call, so no Superset session outlives a request.
 */

type SupersetStep = 'login' | 'csrf_token' | 'guest_token';

/** A failed call to Superset. The message names the step and the status, never the credentials. */
export class SupersetError extends Error {
  constructor(
    readonly step: SupersetStep,
    readonly status: number | null,
    detail: string,
  ) {
    super(`Superset ${step} failed: ${detail}`);
  }
}

export interface GuestUser {
  username: string;
  first_name: string;
  last_name: string;
}

interface SupersetClient {
  /** `rls`: the row-level-security rules the token carries (see rls.ts). */
  guestToken(dashboardUuid: string, user: GuestUser, rls: RlsRule[]): Promise<string>;
}

const TIMEOUT_MS = 10_000;

interface Reply {
  body: Record<string, unknown>;
  /** `name=value` pairs of the cookies the reply set. */
  cookies: string[];
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${timeoutMs} ms`;
  }
  return 'could not reach the server';
}

export function supersetClient(config: SupersetConfig, timeoutMs = TIMEOUT_MS): SupersetClient {
  async function call(step: SupersetStep, path: string, init: RequestInit): Promise<Reply> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(`${config.url}${path}`, { ...init, signal, redirect: 'manual' });
      if (!response.ok) throw new SupersetError(step, response.status, `HTTP ${response.status}`);
      const body: unknown = await response.json().catch(() => null);
      if (typeof body !== 'object' || body === null) {
        throw new SupersetError(step, response.status, 'the reply is not a JSON object');
      }
      const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
      return { body: body as Record<string, unknown>, cookies };
    } catch (error) {
      if (error instanceof SupersetError) throw error;
      throw new SupersetError(step, null, describe(error, timeoutMs));
    }
  }

  function text(step: SupersetStep, reply: Reply, field: string): string {
    const value = reply.body[field];
    if (typeof value !== 'string' || value === '') {
      throw new SupersetError(step, 200, `the reply has no ${field}`);
    }
    return value;
  }

  const json = { 'content-type': 'application/json', accept: 'application/json' };

  return {
    async guestToken(dashboardUuid, user, rls) {
      const login = await call('login', '/api/v1/security/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          username: config.username,
          password: config.password,
          provider: config.provider,
          refresh: true,
        }),
      });
      const bearer = `Bearer ${text('login', login, 'access_token')}`;
      const csrf = await call('csrf_token', '/api/v1/security/csrf_token/', {
        headers: { accept: 'application/json', authorization: bearer },
      });
      const guest = await call('guest_token', '/api/v1/security/guest_token/', {
        method: 'POST',
        headers: {
          ...json,
          authorization: bearer,
          'x-csrftoken': text('csrf_token', csrf, 'result'),
          ...(csrf.cookies.length > 0 ? { cookie: csrf.cookies.join('; ') } : {}),
          // Superset's CSRF check (Flask-WTF) also compares the Referer on HTTPS.
          referer: `${config.url}/`,
        },
        body: JSON.stringify({
          user,
          resources: [{ type: 'dashboard', id: dashboardUuid }],
          rls,
        }),
      });
      return text('guest_token', guest, 'token');
    },
  };
}
