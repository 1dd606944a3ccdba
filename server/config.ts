import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { parseSecretsKey } from './mail/secrets';
import { isHttpsOrLoopback } from '../common/patterns';
import { decideDemo, type DemoConfig } from './demo-config';

export type LoginProvider = 'google-oauth2' | 'microsoft-graph';

/** Off, a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/** An OpenID Connect client at one provider. */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

interface SignInConfig {
  /** The providers people can sign in with; one without a client id and secret is off. */
  oidc: Partial<Record<LoginProvider, OidcClientConfig>>;
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

/** Server configuration, read once from the environment and checked before anything starts. */
export interface Config extends SignInConfig, DemoConfig {
  port: number;
  host: string;
  /** WORKER_PORT: `npm run worker` serves /healthz and /readyz here, on HOST; unset: none. */
  workerPort: number | undefined;
  /** METRICS_PORT: Prometheus metrics on their own listener, on HOST; unset: none. */
  metricsPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  tokenTtlDays: number;
  /** A session unused for this many days ends, before its tokenTtlDays if need be. */
  sessionIdleDays: number;
  /** Audit entries older than this many days are removed, oldest first (docs/audit.md). */
  auditRetentionDays: number;
  clientDir: string;
  /** Where feedback and integration requests are forwarded; unset keeps them queued. */
  feedbackWebhookUrl: string | undefined;
  integrationWebhookUrl: string | undefined;
  /**
   * OUTBOUND_ALLOW_PRIVATE: webhooks may reach loopback and private addresses (an on-premises
   * receiver); otherwise only public addresses are called.
   */
  outboundAllowPrivate: boolean;
  /** The Superset that issues guest tokens for embedded dashboards; unset when none is used. */
  superset: SupersetConfig | undefined;
  /** MAINTENANCE=1: the user-info call answers 503 so the app shows its maintenance page. */
  maintenance: boolean;
  mailApis: MailApiUrls;
  alerts: AlertsConfig;
  mailSync: MailSyncConfig;
}

/** Where the Google and Microsoft mail connectors go; the tests point them at stand-ins. */
export interface MailApiUrls {
  googleTokenUrl: string;
  /** Without a trailing slash, as are the others. */
  gmailApiUrl: string;
  microsoftLoginUrl: string;
  graphApiUrl: string;
  /** Gmail's per-user quota units a minute, which the Gmail sync paces each mailbox under. */
  gmailQuotaPerMinute: number;
}

/** The alert engine: how often alerts are evaluated and where their emails go. */
interface AlertsConfig {
  intervalSeconds: number;
  /** `smtp://` or `smtps://`; unset keeps alert emails in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** Mail sync: the credentials key, how often each mailbox syncs, and whether workers run here. */
interface MailSyncConfig {
  /** SECRETS_KEY as given; unset on the embedded default uses a key file in DATA_DIR. */
  secretsKey: string | undefined;
  syncIntervalS: number;
  /** WORKERS=false: this process serves only; `npm run worker` runs the workers elsewhere. */
  workers: boolean;
}

export interface SupersetConfig {
  /** Base URL without a trailing slash, e.g. https://superset.example.com */
  url: string;
  username: string;
  password: string;
  /** Superset's login provider: `db` or `ldap`. */
  provider: 'db' | 'ldap';
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid ${variable}: ${detail}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `${value} is outside ${min}–${max}`);
  }
  return value;
}

/** An optional port (unset: the listener is off); 0 picks a free one. */
function optionalPort(env: Env, name: string): number | undefined {
  return env[name] ? integer(env, name, 0, 0, 65535) : undefined;
}

/** Metrics tell about every workspace: never on the public port, whatever a proxy forwards. */
function metricsPort(env: Env, port: number): number | undefined {
  const chosen = optionalPort(env, 'METRICS_PORT');
  if (chosen !== undefined && chosen !== 0 && chosen === port) {
    throw new ConfigError(
      'METRICS_PORT',
      `${chosen} is the public port (PORT); metrics are served only on a port of their own`,
    );
  }
  return chosen;
}

function url(env: Env, name: string, fallback: string | undefined, protocols: string[]) {
  const raw = env[name] || fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `"${raw}" is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `"${raw}" must use ${protocols.join(' or ')}`);
  }
  return raw;
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

/** A yes or no, or undefined when it is not given. */
function givenFlag(env: Env, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `"${raw}" must be true or false`);
}

const flag = (env: Env, name: string, fallback: boolean) => givenFlag(env, name) ?? fallback;

/** All or nothing: a URL without credentials (or the reverse) is a mistake worth stopping for. */
function supersetConfig(env: Env): SupersetConfig | undefined {
  const base = url(env, 'SUPERSET_URL', undefined, ['http:', 'https:']);
  const username = env.SUPERSET_USERNAME || undefined;
  const password = env.SUPERSET_PASSWORD || undefined;
  if (base === undefined) {
    const stray = ['SUPERSET_USERNAME', 'SUPERSET_PASSWORD'].find((name) => env[name]);
    if (stray) throw new ConfigError('SUPERSET_URL', `required when ${stray} is set`);
    return undefined;
  }
  if (username === undefined)
    throw new ConfigError('SUPERSET_USERNAME', 'required with SUPERSET_URL');
  if (password === undefined)
    throw new ConfigError('SUPERSET_PASSWORD', 'required with SUPERSET_URL');
  const provider = env.SUPERSET_PROVIDER || 'db';
  if (provider !== 'db' && provider !== 'ldap') {
    throw new ConfigError('SUPERSET_PROVIDER', `"${provider}" is not one of db, ldap`);
  }
  return { url: base.replace(/\/+$/, ''), username, password, provider };
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

function signInConfig(env: Env): SignInConfig {
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
  const oidc = {
    ...(google ? { 'google-oauth2': google } : {}),
    ...(microsoft ? { 'microsoft-graph': microsoft } : {}),
  };
  return {
    oidc,
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

export function mailApiUrls(env: Env): MailApiUrls {
  const web = ['https:', 'http:'];
  const base = (name: string, fallback: string) =>
    url(env, name, fallback, web)!.replace(/\/+$/, '');
  return {
    googleTokenUrl: base('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
    gmailApiUrl: base('GMAIL_API_URL', 'https://gmail.googleapis.com'),
    microsoftLoginUrl: base('MICROSOFT_LOGIN_URL', 'https://login.microsoftonline.com'),
    graphApiUrl: base('GRAPH_API_URL', 'https://graph.microsoft.com'),
    gmailQuotaPerMinute: integer(env, 'GMAIL_QUOTA_PER_MINUTE', 15_000, 300, 10_000_000),
  };
}

/** `http://HOST:PORT`, an IPv6 address in brackets. */
export const addressUrl = (host: string, port: number) =>
  `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;

interface StartOptions {
  /** The start asked for the demo: `npm start` passes --demo (see server/demo-config.ts). */
  demoAsked?: boolean;
}

export function loadConfig(
  env: Env = process.env,
  { demoAsked = false }: StartOptions = {},
): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const logLevel = env.LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `"${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  const publicUrl = url(env, 'PUBLIC_URL', addressUrl(host, port), ['http:', 'https:'])!;
  const signIn = signInConfig(env);
  const demo = decideDemo({
    demo: givenFlag(env, 'DEMO'),
    seed: givenFlag(env, 'SEED_DEMO'),
    nodeEnv: env.NODE_ENV,
    host,
    publicUrl,
    provider: Object.keys(signIn.oidc).length > 0,
    asked: demoAsked,
  });
  return {
    port,
    host,
    workerPort: optionalPort(env, 'WORKER_PORT'),
    metricsPort: metricsPort(env, port),
    dataDir: env.DATA_DIR || './data',
    databaseUrl: url(env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    publicUrl,
    logLevel: logLevel as Config['logLevel'],
    tokenTtlDays: integer(env, 'TOKEN_TTL_DAYS', 30, 1, 365),
    sessionIdleDays: integer(env, 'SESSION_IDLE_DAYS', 7, 1, 365),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 730, 1, 36500),
    clientDir: env.CLIENT_DIR || 'dist/client',
    feedbackWebhookUrl: url(env, 'FEEDBACK_WEBHOOK_URL', undefined, ['http:', 'https:']),
    integrationWebhookUrl: url(env, 'INTEGRATION_WEBHOOK_URL', undefined, ['http:', 'https:']),
    outboundAllowPrivate: flag(env, 'OUTBOUND_ALLOW_PRIVATE', false),
    superset: supersetConfig(env),
    maintenance: flag(env, 'MAINTENANCE', false),
    mailApis: mailApiUrls(env),
    alerts: {
      intervalSeconds: integer(env, 'ALERT_INTERVAL_S', 60, 1, 86_400),
      smtpUrl: url(env, 'SMTP_URL', undefined, ['smtp:', 'smtps:']),
      mailFrom: env.MAIL_FROM || `Mailpulse <alerts@${new URL(publicUrl).hostname}>`,
    },
    ...signIn,
    ...demo,
    mailSync: mailSyncConfig(env),
  };
}

function mailSyncConfig(env: Env): MailSyncConfig {
  const secretsKey = env.SECRETS_KEY || undefined;
  if (secretsKey !== undefined && !parseSecretsKey(secretsKey)) {
    throw new ConfigError('SECRETS_KEY', 'give 32 bytes as 64 hex digits or as base64');
  }
  return {
    secretsKey,
    syncIntervalS: integer(env, 'SYNC_INTERVAL_S', 300, 5, 86_400),
    workers: flag(env, 'WORKERS', true),
  };
}
