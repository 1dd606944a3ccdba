import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/types';

// Mail credentials are sealed with AES-256-GCM. A sealed value is
// `v1.<key check>.<iv>.<tag>.<ciphertext>` (base64url parts); the key check is an HMAC of a fixed
// label under the key, so a process started with another key is stopped at start with a message
// naming SECRETS_KEY instead of failing later on every mailbox.

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';

/** A key that is missing, malformed or not the one the stored secrets were sealed with. */
export class SecretsKeyError extends Error {
  override readonly name = 'SecretsKeyError';
}

/** SECRETS_KEY: 32 bytes written as 64 hex digits or as base64 (44 characters with padding). */
export function parseSecretsKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

export interface Secrets {
  /** Stored with every sealed value; '' when no key is configured. */
  readonly keyCheck: string;
  seal(plain: string): string;
  unseal(sealed: string): string;
}

export class SecretBox implements Secrets {
  /** Stored with every sealed value: tells a wrong key from a damaged value. */
  readonly keyCheck: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new SecretsKeyError('The secrets key must be 32 bytes.');
    this.keyCheck = createHmac('sha256', key)
      .update('mailpulse secrets key check')
      .digest('base64url')
      .slice(0, 12);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, this.keyCheck, ...parts].join('.');
  }

  unseal(sealed: string): string {
    const [version, check, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
      throw new SecretsKeyError('A stored mail credential is damaged; set it again with the CLI.');
    }
    if (check !== this.keyCheck) throw new SecretsKeyError(WRONG_KEY);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  }
}

const WRONG_KEY =
  'Invalid SECRETS_KEY: it is not the key the stored mail credentials were sealed with ' +
  '(set the key they were sealed with, or set each credential again with the CLI).';

interface SecretsKeySource {
  /** SECRETS_KEY as given (already checked by the config). */
  secretsKey: string | undefined;
  /** Set when the server runs on PostgreSQL: a key file would differ between machines. */
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * The key from SECRETS_KEY, or on the embedded database a key file in the data folder, created
 * with mode 0600 on first use. Several processes on one PostgreSQL must share a key: there it must
 * be given.
 */
export async function loadSecretBox(source: SecretsKeySource): Promise<Secrets> {
  if (source.secretsKey !== undefined) {
    const key = parseSecretsKey(source.secretsKey);
    if (!key) throw new SecretsKeyError(`Invalid SECRETS_KEY: ${KEY_FORMAT}`);
    return new SecretBox(key);
  }
  if (source.databaseUrl) return missingKey;
  const path = join(source.dataDir, KEY_FILE);
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) {
    const key = parseSecretsKey(existing);
    if (!key) throw new SecretsKeyError(`The key file ${path} is damaged: ${KEY_FORMAT}`);
    return new SecretBox(key);
  }
  const key = randomBytes(32);
  await mkdir(source.dataDir, { recursive: true });
  await writeFile(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(path, 0o600);
  return new SecretBox(key);
}

const KEY_FORMAT = 'give 32 random bytes as 64 hex digits or as base64 (openssl rand -base64 32)';
const KEY_REQUIRED = `SECRETS_KEY is required with DATABASE_URL to store mail credentials: ${KEY_FORMAT}`;

/** No key on PostgreSQL: fine until a credential is stored or read. */
const missingKey: Secrets = {
  keyCheck: '',
  seal: () => {
    throw new SecretsKeyError(KEY_REQUIRED);
  },
  unseal: () => {
    throw new SecretsKeyError(KEY_REQUIRED);
  },
};

/** Stops a start with a wrong key before any mailbox is read: every stored secret must match. */
export async function checkSecretsKey(db: Queryable, box: Secrets): Promise<void> {
  const rows = await db.query<{ key_check: string }>(
    `select distinct split_part(secret, '.', 2) as key_check from mail_accounts
      where secret is not null`,
  );
  if (rows.length > 0 && box.keyCheck === '') throw new SecretsKeyError(KEY_REQUIRED);
  if (rows.some((row) => row.key_check !== box.keyCheck)) throw new SecretsKeyError(WRONG_KEY);
}
