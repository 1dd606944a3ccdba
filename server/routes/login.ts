import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthorizationResponseError, ResponseBodyError } from 'openid-client';
import { publicRoute, type PublicContext } from './route';
import type { ResultOf } from '../contract/types';
import type { Config } from '../config';
import type { LoginProvider } from '../config-sign-in';
import { HtmlPageError } from '../http/errors';
import {
  ATTEMPT_COOKIE,
  ATTEMPT_COOKIE_PATH,
  ATTEMPT_LIFETIME_SECONDS,
  openAttempt,
  sealAttempt,
} from '../auth/login-attempt';
import {
  OidcClients,
  ProviderUnavailableError,
  beginSignIn,
  finishSignIn,
  identityOf,
  redirectUriOf,
} from '../auth/oidc';
import { signInIdentity } from '../auth/sign-in';
import { isOperatorLink, redeemDemoCode } from '../auth/demo-login';
import { clientOf } from '../audit/caller';
import type { SessionPolicy } from '../auth/authenticate';

const START_AGAIN = 'Start again from the sign-in page.';

/** The pages a refused return from the provider shows, by reason. */
const REFUSALS = {
  missing: [
    'This sign-in was already used',
    `A sign-in works once, in the browser that started it. ${START_AGAIN}`,
  ],
  forged: ['This sign-in could not be verified', `The sign-in attempt was altered. ${START_AGAIN}`],
  expired: [
    'This sign-in took too long',
    `A sign-in must finish within 10 minutes. ${START_AGAIN}`,
  ],
  provider: [
    'This sign-in could not be verified',
    `The sign-in came back from a different provider than it started with. ${START_AGAIN}`,
  ],
  checks: [
    'This sign-in could not be verified',
    `The provider's answer did not pass our security checks. ${START_AGAIN}`,
  ],
} as const;

function refuse(
  request: FastifyRequest,
  provider: LoginProvider,
  reason: string,
  [title, message]: readonly [string, string],
): never {
  request.log.warn({ provider, reason }, 'sign-in refused');
  throw new HtmlPageError(400, title, message);
}

function notConfigured(clients: OidcClients, provider: LoginProvider) {
  const name = clients.nameOf(provider);
  return new HtmlPageError(
    404,
    `Sign-in with ${name} is not available`,
    `This Mailpulse server is not set up for ${name} accounts.`,
  );
}

function unavailable(
  request: FastifyRequest,
  clients: OidcClients,
  provider: LoginProvider,
  error: unknown,
) {
  request.log.error({ provider, err: error }, 'sign-in provider unavailable');
  const name = clients.nameOf(provider);
  return new HtmlPageError(
    502,
    `${name} sign-in is not reachable`,
    `We could not reach ${name}. Try again in a few minutes.`,
  );
}

/** Which check failed, for the log: openid-client wraps the precise reason as the cause. */
function describeFailure(error: unknown): string {
  if (error instanceof ResponseBodyError) return `the token endpoint answered ${error.error}`;
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** The address the provider sent the browser back to, as openid-client needs it. */
function callbackUrl(publicUrl: string, provider: LoginProvider, request: FastifyRequest): URL {
  const url = new URL(redirectUriOf(publicUrl, provider));
  const query = request.url.indexOf('?');
  if (query >= 0) url.search = request.url.slice(query);
  return url;
}

interface Deps {
  config: Config;
  clients: OidcClients;
  sessions: SessionPolicy;
}

const signedIn = (location: string) => ({ status: 302 as const, location });

async function start(
  { config, clients }: Deps,
  { params: { provider }, request, reply }: PublicContext<'startLogin'>,
): Promise<ResultOf<'startLogin'>> {
  if (!clients.isConfigured(provider)) throw notConfigured(clients, provider);
  const redirectUri = redirectUriOf(config.publicUrl, provider);
  const started = await beginSignIn(clients, provider, redirectUri).catch((error) => {
    throw unavailable(request, clients, provider, error);
  });
  reply.setCookie(ATTEMPT_COOKIE, sealAttempt(started.attempt, config.cookieSecret), {
    path: ATTEMPT_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: ATTEMPT_LIFETIME_SECONDS,
  });
  return { status: 302, location: started.url.href };
}

async function complete(
  { config, clients, sessions }: Deps,
  { params: { provider }, request, reply, db }: PublicContext<'completeLogin'>,
): Promise<ResultOf<'completeLogin'>> {
  if (!clients.isConfigured(provider)) throw notConfigured(clients, provider);
  const opened = openAttempt(request.cookies[ATTEMPT_COOKIE], config.cookieSecret);
  // Cleared on first use, whatever happens next, so the same return cannot be replayed.
  reply.clearCookie(ATTEMPT_COOKIE, { path: ATTEMPT_COOKIE_PATH });
  if (!opened.ok) refuse(request, provider, `attempt ${opened.reason}`, REFUSALS[opened.reason]);
  const { attempt } = opened;
  if (attempt.provider !== provider) {
    refuse(request, provider, `attempt started with ${attempt.provider}`, REFUSALS.provider);
  }
  let claims;
  try {
    claims = await finishSignIn(clients, attempt, callbackUrl(config.publicUrl, provider, request));
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw unavailable(request, clients, provider, error);
    if (error instanceof AuthorizationResponseError) {
      refuse(request, provider, `provider error ${error.error}`, [
        'Sign-in was not completed',
        `${clients.nameOf(provider)} did not sign you in (${error.error}). ${START_AGAIN}`,
      ]);
    }
    refuse(request, provider, `checks failed: ${describeFailure(error)}`, REFUSALS.checks);
  }
  const now = sessions.now();
  const result = await signInIdentity(db, identityOf(provider, claims), now, {
    provider,
    client: clientOf(request),
  });
  reply.header('cache-control', 'no-store');
  if (result.ok) return signedIn(result.location);
  request.log.warn({ provider, reason: result.reason }, 'sign-in refused: unknown account');
  return { status: 302, location: '/login?error=account' };
}

async function demo(
  { config, sessions }: Deps,
  { params: { code }, request, reply, db }: PublicContext<'demoLogin'>,
): Promise<ResultOf<'demoLogin'>> {
  // An operator's user:link works without demo sign-in: it is how a real install's first admin
  // gets in.
  const operatorLink = isOperatorLink(code);
  if (!config.demoSignIn && !operatorLink) {
    throw new HtmlPageError(
      404,
      'Demo sign-in is off',
      'This server does not offer demo sign-in links.',
    );
  }
  const result = await redeemDemoCode(db, code, sessions.now(), clientOf(request));
  if (!result.ok) {
    request.log.warn({ reason: result.reason }, 'demo sign-in refused');
    throw new HtmlPageError(
      400,
      'This sign-in link is no longer valid',
      operatorLink
        ? 'Sign-in links work once and expire after 15 minutes. Ask your operator for a new one.'
        : 'Demo sign-in links work once and expire after 24 hours. Restart the server for new links.',
    );
  }
  reply.header('cache-control', 'no-store');
  return signedIn(result.location);
}

/** The browser navigations of sign-in; each answers a redirect or a small page. */
export default function loginRoutes(app: FastifyInstance) {
  // The handlers read config per request: main.ts may fill in the public URL after listen.
  const deps: Deps = {
    config: app.config,
    clients: new OidcClients(app.config.oidc),
    sessions: app.sessions,
  };
  const limit = { rateLimit: { max: app.config.signInRateLimit, timeWindow: 60_000 } };
  publicRoute(app, 'startLogin', (ctx) => start(deps, ctx), limit);
  publicRoute(app, 'completeLogin', (ctx) => complete(deps, ctx), limit);
  publicRoute(app, 'demoLogin', (ctx) => demo(deps, ctx), limit);
}
