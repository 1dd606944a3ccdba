import { createApiClient } from '../../../src/api/client';

/** One request the page made: method, path, query and parsed JSON body. */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

/** Answers `METHOD /path` (no query); a function may look at the call, e.g. its body. */
export type FakeRoutes = Record<string, FakeReply | ((call: RecordedCall) => FakeReply)>;

/**
 * An API client whose fetch answers from `routes`, recording every call, so component tests
 * run a machine's real actors against a deterministic server. Unknown routes answer 404.
 */
export function fakeApi(routes: FakeRoutes) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text === '' ? undefined : JSON.parse(text),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = typeof route === 'function' ? route(call) : route;
    const status = reply?.status ?? (reply ? 200 : 404);
    const body = reply ? reply.body : { error: 'not_found', message: 'No such route.' };
    return status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body ?? {}), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
  };
  const client = createApiClient({
    baseUrl: 'http://portal.test',
    fetch,
    readToken: () => 'test-token',
    readCookie: () => null,
    onUnauthorized: () => undefined,
  });
  /** The calls of one route, in order. */
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { client, calls, callsTo };
}
