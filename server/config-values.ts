// The readers of single environment variables: each value checked, or a ConfigError naming it.

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid ${variable}: ${detail}`);
  }
}

export type Env = Record<string, string | undefined>;

export function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
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
export function optionalPort(env: Env, name: string): number | undefined {
  return env[name] ? integer(env, name, 0, 0, 65535) : undefined;
}

export function url(env: Env, name: string, fallback: string | undefined, protocols: string[]) {
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

/** A yes or no, or undefined when it is not given. */
export function givenFlag(env: Env, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `"${raw}" must be true or false`);
}

export const flag = (env: Env, name: string, fallback: boolean) => givenFlag(env, name) ?? fallback;
