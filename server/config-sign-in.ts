import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { isHttpsOrLoopback } from '../common/patterns';
import { ConfigError, integer, url, type Env } from './config-values';

// Sign-in's part of the configuration: the OpenID providers, the attempt cookie, the limits and
// the proxies in front.

/** Google, Microsoft, and the company's own OpenID Connect provider (`oidc`). */
export type LoginProvider = 'google-oauth2' | 'microsoft-graph' | 'oidc';

/** Off, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/** An OpenID Connect client at one provider. */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface SignInConfig {
  /** The providers people can sign in with; one without a client id and secret is off. */
  oidc: Partial<Record<LoginProvider, OidcClientConfig>>;
  /** The company provider's button text (OIDC_LABEL). */
  oidcLabel: string;
  /** Signs the sign-in attempt cookie; random per start when COOKIE_SECRET is unset. */
  cookieSecret: string;
  /** Sign-in requests per minute from one address, per sign-in path. */
  signInRateLimit: number;
  /**
   * Behind reverse proxies: how many there are, or their addresses, so the client's address is
   * taken from X-Forwarded-For only as far as they wrote it (Fastify's trustProxy). Never "all".
   */
  trustProxy: TrustProxy;
}

/** An OpenID issuer: https, or plain http only to this machine (a stand-in, local development). */
function issuerUrl(env: Env, name: string, fallback: string): string {
  const raw = url(env, name, fallback, ['https:', 'http:'])!;
  if (!isHttpsOrLoopback(new URL(raw))) {
    throw new ConfigError(
      name,
      `"${raw}" may use http: only on this machine (localhost, 127.0.0.1)`,
    );
  }
  return raw;
}

/** Both halves of a client or neither: a lone id or secret is a mistake worth stopping for. */
function oidcClient(env: Env, prefix: string, issuer: string): OidcClientConfig | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`] || undefined;
  const clientSecret = env[`${prefix}_CLIENT_SECRET`] || undefined;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId)
    throw new ConfigError(`${prefix}_CLIENT_ID`, `it is needed with ${prefix}_CLIENT_SECRET`);
  if (!clientSecret)
    throw new ConfigError(`${prefix}_CLIENT_SECRET`, `it is needed with ${prefix}_CLIENT_ID`);
  return { issuer, clientId, clientSecret };
}

const OIDC_LABEL_MAX = 60;

/**
 * The company's own OpenID Connect provider (Keycloak, Okta, Authentik, Entra ID or Google as
 * plain OIDC): on with OIDC_ISSUER and its client. It has no default issuer, so an issuer without
 * a client, or a client without an issuer, stops the start.
 */
function companyClient(env: Env): OidcClientConfig | undefined {
  const issuer = env.OIDC_ISSUER ? issuerUrl(env, 'OIDC_ISSUER', '') : undefined;
  const client = oidcClient(env, 'OIDC', issuer ?? '');
  if (client && !issuer) {
    throw new ConfigError('OIDC_ISSUER', 'it is needed with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  if (issuer && !client) {
    throw new ConfigError(
      'OIDC_CLIENT_ID',
      'it and OIDC_CLIENT_SECRET are needed with OIDC_ISSUER',
    );
  }
  return client;
}

function oidcLabel(env: Env): string {
  const label = (env.OIDC_LABEL ?? '').trim() || 'Continue with single sign-on';
  const control = [...label].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
  if (label.length > OIDC_LABEL_MAX || control) {
    throw new ConfigError(
      'OIDC_LABEL',
      `it must be one line of at most ${OIDC_LABEL_MAX} characters`,
    );
  }
  return label;
}

export function signInConfig(env: Env): SignInConfig {
  const tenant = env.MICROSOFT_TENANT || 'organizations';
  if (!/^[A-Za-z0-9.-]+$/.test(tenant)) {
    throw new ConfigError('MICROSOFT_TENANT', `"${tenant}" is not a tenant id or domain`);
  }
  const google = oidcClient(
    env,
    'GOOGLE',
    issuerUrl(env, 'GOOGLE_ISSUER', 'https://accounts.google.com'),
  );
  const microsoft = oidcClient(
    env,
    'MICROSOFT',
    issuerUrl(env, 'MICROSOFT_ISSUER', `https://login.microsoftonline.com/${tenant}/v2.0`),
  );
  const cookieSecret = env.COOKIE_SECRET || randomBytes(32).toString('base64url');
  if (cookieSecret.length < 32) {
    throw new ConfigError('COOKIE_SECRET', 'it must be at least 32 characters long');
  }
  const company = companyClient(env);
  const oidc = {
    ...(google ? { 'google-oauth2': google } : {}),
    ...(microsoft ? { 'microsoft-graph': microsoft } : {}),
    ...(company ? { oidc: company } : {}),
  };
  return {
    oidc,
    oidcLabel: oidcLabel(env),
    cookieSecret,
    // Per address and path. An office behind one address signs in together at nine: fifty people
    // make fifty starts and fifty returns within a minute, which 30 refused. A script is still
    // stopped at five a second.
    signInRateLimit: integer(env, 'SIGN_IN_RATE_LIMIT', 300, 1, 10_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}

const TRUST_PROXY_CHOICES =
  'give the number of reverse proxies in front of Mailpulse (1, 2…) or their addresses, ' +
  'a comma list of IPs or CIDR ranges (10.0.0.5,10.1.0.0/16)';

/** proxy-addr's names for the private ranges, which Fastify also takes. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off, a hop count, or the proxies' addresses. `true` (trust every hop) is refused:
 * anyone could then write their own X-Forwarded-For and be recorded, and rate-limited, under any
 * address they like.
 */
function trustProxy(raw: string | undefined): TrustProxy {
  const text = raw?.trim() ?? '';
  if (['', '0', 'false', 'no'].includes(text)) return false;
  if (text === 'true' || text === 'yes') {
    throw new ConfigError(
      'TRUST_PROXY',
      `"${text}" would believe any client's X-Forwarded-For: ${TRUST_PROXY_CHOICES}`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new ConfigError('TRUST_PROXY', `${hops} is outside 1–10 proxies`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    throw new ConfigError('TRUST_PROXY', `"${wrong}" is not an address: ${TRUST_PROXY_CHOICES}`);
  }
  return entries;
}
