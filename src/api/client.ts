import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/portal.gen';
import { ApiFailure, toApiError } from './errors';
import { clearToken, readCookie, readToken } from './session-store';
import { reportError } from '@/telemetry/reporter';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface ClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  readToken?: () => string | null;
  readCookie?: (name: string) => string | null;
  /** Runs on any 401: the default forgets the token and sends the browser to /login. */
  onUnauthorized?: (request: Request) => void;
}

function goToLogin(request: Request) {
  reportError(
    new Error(`401 from ${request.method} ${new URL(request.url).pathname}; signing out`),
  );
  clearToken();
  window.location.assign('/login');
}

export const authMiddleware = (read: () => string | null): Middleware => ({
  onRequest({ request }) {
    const token = read();
    if (token) request.headers.set('Authorization', `Token ${token}`);
    return request;
  },
});

export const jsonMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept', 'application/json');
    // Only with a body: the server refuses a JSON content type with an empty body (logout's POST).
    if (request.body !== null && !request.headers.has('Content-Type'))
      request.headers.set('Content-Type', 'application/json');
    return request;
  },
};

export const xsrfMiddleware = (read: (name: string) => string | null): Middleware => ({
  onRequest({ request }) {
    const value = read(XSRF_COOKIE);
    if (value) request.headers.set(XSRF_HEADER, value);
    return request;
  },
});

export const unauthorizedMiddleware = (handle: (request: Request) => void): Middleware => ({
  onResponse({ request, response }) {
    if (response.status === 401) handle(request);
    return response;
  },
});

/** The typed client for `/portal`. Like the original, it sets no time-out. */
export function createApiClient(options: ClientOptions = {}) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(
    jsonMiddleware,
    authMiddleware(options.readToken ?? readToken),
    xsrfMiddleware(options.readCookie ?? readCookie),
    unauthorizedMiddleware(options.onUnauthorized ?? goToLogin),
  );
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's one client. */
export const api = createApiClient();

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Unwraps an openapi-fetch result: the data on success, an `ApiFailure` otherwise. A request
 * that never got an answer also becomes an `ApiFailure` (kind `network`).
 */
export async function expectData<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'The request did not complete.';
    throw new ApiFailure({ kind: 'network', message });
  }
  if (!result.response.ok) throw new ApiFailure(toApiError(result.response.status, result.error));
  return result.data as T;
}
