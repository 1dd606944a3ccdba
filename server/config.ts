/** Server configuration, read once from the environment and checked before anything starts. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  tokenTtlDays: number;
  clientDir: string;
  seedDemo: boolean;
  /** Where feedback and integration requests are forwarded; unset keeps them queued. */
  feedbackWebhookUrl: string | undefined;
  integrationWebhookUrl: string | undefined;
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

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `"${raw}" must be true or false`);
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const logLevel = env.LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `"${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    port,
    host,
    dataDir: env.DATA_DIR || './data',
    databaseUrl: url(env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']),
    publicUrl: url(env, 'PUBLIC_URL', `http://${host}:${port}`, ['http:', 'https:'])!,
    logLevel: logLevel as Config['logLevel'],
    tokenTtlDays: integer(env, 'TOKEN_TTL_DAYS', 30, 1, 365),
    clientDir: env.CLIENT_DIR || 'dist/client',
    seedDemo: flag(env, 'SEED_DEMO', true),
    feedbackWebhookUrl: url(env, 'FEEDBACK_WEBHOOK_URL', undefined, ['http:', 'https:']),
    integrationWebhookUrl: url(env, 'INTEGRATION_WEBHOOK_URL', undefined, ['http:', 'https:']),
  };
}
