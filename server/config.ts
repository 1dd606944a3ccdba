import { isIP } from 'node:net';
import { parseSecretsKey } from './mail/secrets';
import { decideDemo, type DemoConfig } from './demo-config';
import {
  ConfigError,
  flag,
  givenFlag,
  integer,
  optionalPort,
  url,
  type Env,
} from './config-values';
import { signInConfig, type SignInConfig } from './config-sign-in';

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
  /** SYNC_STALE_ALERT_MIN: a mailbox failing this long is told to its workspace's admins. */
  staleAlertMinutes: number;
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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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
    staleAlertMinutes: integer(env, 'SYNC_STALE_ALERT_MIN', 60, 1, 43_200),
    workers: flag(env, 'WORKERS', true),
  };
}
