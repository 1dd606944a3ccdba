/**
 * A stand-in Superset on 127.0.0.1 (its own origin, for browser tests of the embedded dashboard).
 *
 *   const superset = await startSupersetStandin({ dashboardUuid, tokenTtlSeconds: 10 });
 *   // the portal: SUPERSET_URL=superset.url SUPERSET_USERNAME=superset.username
 *   //             SUPERSET_PASSWORD=superset.password (provider db)
 *   superset.calls               every API call, in order: { step, body, headers }
 *   superset.guestTokensIssued   the guest tokens issued, in order
 *   await superset.tokensReceivedInFrame()   what the /embedded/<uuid> page received over the
 *                                SDK's MessageChannel: [{ token, origin, receivedAt, exp, issued }]
 *   await superset.handshakesInFrame()       [{ origin, receivedAt }], one per port transfer
 *   await superset.waitForTokensInFrame(2, 20_000)   resolves once that many arrived
 *   superset.setFailing(true)    guest_token answers 500 until set back
 *   superset.setWorkspace(7)     guest tokens must name workspace 7 (undefined: any workspace)
 *   await superset.close()
 *
 * API, as Superset answers it: POST /api/v1/security/login checks username, password and
 * provider 'db' and returns an access_token; GET /api/v1/security/csrf_token/ needs that bearer,
 * returns `result` and sets a `session` cookie; POST /api/v1/security/guest_token/ needs the
 * bearer, X-CSRFToken and the same cookie, a dashboard resource with this uuid and an `rls` list
 * with a clause that limits it to a workspace (the workspaceId option, when given; see
 * superset-standin-rls.ts), and returns an HS256 JWT whose payload has `user`, `resources`,
 * `rls_rules`, `iat` and `exp` = now + tokenTtlSeconds. The SDK refreshes at max(10 s, exp - now) - 5 s, so with a ttl
 * of 10 s or less the refresh comes about 5 s after the first token, before that token's exp.
 * GET /embedded/<uuid> is the frame page (see superset-standin-frame.ts): no X-Frame-Options,
 * CSP `frame-ancestors` = the frameAncestors option (default any 127.0.0.1 or localhost port).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  embeddedPage,
  FrameLog,
  type HandshakeInFrame,
  type TokenInFrame,
} from './superset-standin-frame';
import { signHs256, verifyHs256 } from './hs256';
import { rlsProblem } from './superset-standin-rls';

export type { HandshakeInFrame, TokenInFrame } from './superset-standin-frame';

export interface StandinOptions {
  dashboardUuid: string;
  tokenTtlSeconds: number;
  /** The workspace a guest token's RLS clause must name; any workspace when unset. */
  workspaceId?: number;
  failGuestToken?: boolean;
  username?: string;
  password?: string;
  frameAncestors?: string[];
}

export type StandinStep = 'login' | 'csrf_token' | 'guest_token';

export interface StandinCall {
  step: StandinStep;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface SupersetStandin {
  url: string;
  username: string;
  password: string;
  calls: StandinCall[];
  guestTokensIssued: string[];
  tokensReceivedInFrame(): Promise<TokenInFrame[]>;
  handshakesInFrame(): Promise<HandshakeInFrame[]>;
  waitForTokensInFrame(count: number, timeoutMs: number): Promise<TokenInFrame[]>;
  setFailing(failing: boolean): void;
  setWorkspace(workspaceId: number | undefined): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString() || 'null');
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const cookieOf = (headers: IncomingHttpHeaders, name: string) =>
  (headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

const unauthorized: Answer = { status: 401, body: { msg: 'Missing Authorization Header' } };

/** Superset's three security endpoints, with the checks that matter to a client of them. */
class SupersetApi {
  readonly calls: StandinCall[] = [];
  readonly guestTokensIssued: string[] = [];
  readonly secret = randomBytes(32);
  failing: boolean;
  workspaceId: number | undefined;
  private readonly accessTokens = new Set<string>();
  private readonly csrfBySession = new Map<string, string>();

  constructor(
    private readonly options: StandinOptions,
    readonly username: string,
    readonly password: string,
  ) {
    this.failing = options.failGuestToken ?? false;
    this.workspaceId = options.workspaceId;
  }

  private bearer(headers: IncomingHttpHeaders): boolean {
    return this.accessTokens.has((headers.authorization ?? '').replace(/^Bearer /, ''));
  }

  login(body: Record<string, unknown>): Answer {
    if (body.provider !== 'db') return { status: 400, body: { message: 'Invalid provider' } };
    if (body.username !== this.username || body.password !== this.password) {
      return { status: 401, body: { message: 'Not authorized' } };
    }
    const token = randomBytes(24).toString('base64url');
    this.accessTokens.add(token);
    return { status: 200, body: { access_token: token, refresh_token: 'standin-refresh' } };
  }

  csrfToken(headers: IncomingHttpHeaders): Answer {
    if (!this.bearer(headers)) return unauthorized;
    const session = randomBytes(16).toString('hex');
    const csrf = randomBytes(16).toString('hex');
    this.csrfBySession.set(session, csrf);
    const cookie = `session=${session}; HttpOnly; Path=/; SameSite=Lax`;
    return { status: 200, body: { result: csrf }, headers: { 'set-cookie': cookie } };
  }

  guestToken(headers: IncomingHttpHeaders, body: Record<string, unknown>): Answer {
    if (!this.bearer(headers)) return unauthorized;
    const session = cookieOf(headers, 'session');
    const csrf = session ? this.csrfBySession.get(session) : undefined;
    if (!csrf || headers['x-csrftoken'] !== csrf) {
      return { status: 400, body: { message: '400 Bad Request: The CSRF token is invalid.' } };
    }
    const uuid = this.options.dashboardUuid;
    const resources = Array.isArray(body.resources) ? body.resources.map(record) : [];
    const known = resources.some((r) => r.type === 'dashboard' && r.id === uuid);
    if (!known || typeof body.user !== 'object') {
      return { status: 400, body: { message: 'Invalid guest token request' } };
    }
    const problem = rlsProblem(body.rls, this.workspaceId);
    if (problem) return { status: 400, body: { message: `Invalid RLS: ${problem}` } };
    if (this.failing) return { status: 500, body: { message: 'Fatal error' } };
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + this.options.tokenTtlSeconds;
    const claims = { user: body.user, resources, rls_rules: body.rls, iat, exp };
    const token = signHs256(this.secret, { ...claims, aud: 'superset', type: 'guest' });
    this.guestTokensIssued.push(token);
    return { status: 200, body: { token } };
  }

  /** Routes one API request, recording the call. */
  async answer(request: IncomingMessage, path: string | undefined): Promise<Answer | null> {
    const { headers, method } = request;
    if (method === 'POST' && path === '/api/v1/security/login') {
      const body = await readJson(request);
      this.calls.push({ step: 'login', body, headers });
      return this.login(record(body));
    }
    if (method === 'GET' && path === '/api/v1/security/csrf_token/') {
      this.calls.push({ step: 'csrf_token', body: null, headers });
      return this.csrfToken(headers);
    }
    if (method === 'POST' && path === '/api/v1/security/guest_token/') {
      const body = await readJson(request);
      this.calls.push({ step: 'guest_token', body, headers });
      return this.guestToken(headers, record(body));
    }
    return null;
  }
}

const DEFAULT_ANCESTORS = ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'];

export async function startSupersetStandin(options: StandinOptions): Promise<SupersetStandin> {
  const api = new SupersetApi(
    options,
    options.username ?? 'standin-admin',
    options.password ?? 'standin-secret',
  );
  const frame = new FrameLog((token) => {
    const payload = verifyHs256(api.secret, token);
    return payload && { exp: payload.exp, issued: api.guestTokensIssued.includes(token) };
  });
  const framePage = `/embedded/${options.dashboardUuid}`;
  const ancestors = (options.frameAncestors ?? DEFAULT_ANCESTORS).join(' ');

  async function answer(request: IncomingMessage): Promise<Answer> {
    const path = request.url?.split('?')[0];
    if (request.method === 'POST' && path === '/__standin/received') {
      frame.add(record(await readJson(request)));
      return { status: 204, body: null };
    }
    return (await api.answer(request, path)) ?? { status: 404, body: { message: 'Not found' } };
  }

  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url?.split('?')[0] === framePage) {
      // No X-Frame-Options: the portal must be able to frame this page.
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `frame-ancestors ${ancestors}`,
      });
      response.end(embeddedPage(options.dashboardUuid));
      return;
    }
    answer(request).then(
      ({ status, body, headers }) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(status === 204 ? undefined : JSON.stringify(body));
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    username: api.username,
    password: api.password,
    calls: api.calls,
    guestTokensIssued: api.guestTokensIssued,
    tokensReceivedInFrame: async () => [...frame.tokens],
    handshakesInFrame: async () => [...frame.handshakes],
    waitForTokensInFrame: (count, timeoutMs) => frame.waitForTokens(count, timeoutMs),
    setFailing: (failing) => {
      api.failing = failing;
    },
    setWorkspace: (workspaceId) => {
      api.workspaceId = workspaceId;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
