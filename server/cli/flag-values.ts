import { MAX_PG_INTEGER as MAX_INT } from '../../common/limits';

// Checks and normalises single flag values; every message names the flag it refuses.

/** Bad input: the CLI prints the message and exits 2, having changed nothing. */
export class CliInputError extends Error {
  override readonly name = 'CliInputError';
}

export type Flags = Partial<Record<string, string>>;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL_LOCAL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function required(flags: Flags, flag: string): string {
  const value = flags[flag]?.trim();
  if (!value) throw new CliInputError(`--${flag} is required`);
  return value;
}

export function workspaceId(flags: Flags): number {
  const value = required(flags, 'workspace');
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_INT) {
    throw new CliInputError(
      `--workspace must be a workspace id (a positive whole number), got "${value}"`,
    );
  }
  return Number(value);
}

export function count(value: string, flag: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INT) {
    throw new CliInputError(`--${flag} must be a whole number of 0 or more, got "${value}"`);
  }
  return Number(value);
}

export function bool(value: string, flag: string): boolean {
  if (value !== 'true' && value !== 'false') {
    throw new CliInputError(`--${flag} must be true or false, got "${value}"`);
  }
  return value === 'true';
}

export function domain(value: string, flag: string): string {
  const normal = value.trim().toLowerCase();
  if (!DOMAIN.test(normal)) throw new CliInputError(`--${flag}: "${value}" is not a domain name`);
  return normal;
}

export function email(value: string, flag: string): string {
  const normal = value.trim().toLowerCase();
  const at = normal.lastIndexOf('@');
  if (at < 1 || !EMAIL_LOCAL.test(normal.slice(0, at)) || !DOMAIN.test(normal.slice(at + 1))) {
    throw new CliInputError(`--${flag}: "${value}" is not an email address`);
  }
  return normal;
}

export function httpUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliInputError(`--${flag}: "${value}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CliInputError(`--${flag} must be an http(s) URL, got "${value}"`);
  }
  return value;
}
