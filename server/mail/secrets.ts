import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from '../db/sql';
import type { Db, Queryable } from '../db/types';

// Mail credentials are sealed with AES-256-GCM. A sealed value is
// `v2.<key check>.<iv>.<tag>.<ciphertext>` (base64url parts); the key check is an HMAC of a fixed
// label under the key, so a process started with another key is stopped at start with a message
// naming SECRETS_KEY instead of failing later on every mailbox. The workspace and the provider
// are the cipher's additional data: a value copied into another workspace's row does not open.
// `v1` values (no additional data) are only read to reseal them (resealLegacySecrets).

const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
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

/** Whose credential a sealed value is: bound into it, so it opens only in the same row. */
interface SecretScope {
  workspaceId: number;
  provider: string;
}

export interface Secrets {
  /** Stored with every sealed value; '' when no key is configured. */
  readonly keyCheck: string;
  seal(plain: string, scope: SecretScope): string;
  unseal(sealed: string, scope: SecretScope): string;
  /** A `v1` value sealed before the scope was bound; only for resealing it. */
  unsealLegacy(sealed: string): string;
}

const additionalData = (scope: SecretScope) =>
  Buffer.from(`mailpulse mail credential\0workspace ${scope.workspaceId}\0${scope.provider}`);

const DAMAGED = 'A stored mail credential is damaged; set it again with the CLI.';

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

  seal(plain: string, scope: SecretScope): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(additionalData(scope));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, this.keyCheck, ...parts].join('.');
  }

  unseal(sealed: string, scope: SecretScope): string {
    const plain = this.open(sealed, VERSION, additionalData(scope));
    if (plain === null) {
      throw new SecretsKeyError(
        `The mail credential stored for workspace ${scope.workspaceId} does not open: it was ` +
          `sealed for another workspace or provider, or is damaged; set it again with the CLI.`,
      );
    }
    return plain;
  }

  unsealLegacy(sealed: string): string {
    const plain = this.open(sealed, LEGACY_VERSION, null);
    if (plain === null) throw new SecretsKeyError(DAMAGED);
    return plain;
  }

  /** The plain text, or null when the tag does not verify (another scope, or damaged). */
  private open(sealed: string, expected: string, aad: Buffer | null): string | null {
    const [version, check, iv, tag, body] = sealed.split('.');
    if (version !== expected || iv === undefined || tag === undefined || body === undefined) {
      throw new SecretsKeyError(DAMAGED);
    }
    if (check !== this.keyCheck) throw new SecretsKeyError(WRONG_KEY);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return null;
    }
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
  unsealLegacy: () => {
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

/**
 * Reseals every `v1` credential (sealed before the workspace and provider were bound into it) as
 * `v2`, in one transaction, at each start after the migrations: idempotent, as only `v1` rows are
 * read, and locked row by row so two processes starting together reseal each value once.
 * Returns how many were resealed.
 */
export async function resealLegacySecrets(db: Db, box: Secrets): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ workspace_id: number; provider: string; secret: string }>(
      sql`select workspace_id, provider, secret from mail_accounts
           where secret like ${`${LEGACY_VERSION}.%`} order by workspace_id for update`,
    );
    if (rows.length === 0) return 0;
    const resealed = rows.map((row) => {
      const scope = { workspaceId: row.workspace_id, provider: row.provider };
      return { ...scope, secret: box.seal(box.unsealLegacy(row.secret), scope) };
    });
    await tx.query(
      sql`update mail_accounts a set secret = r.secret, updated_at = now()
            from jsonb_to_recordset(${JSON.stringify(resealed)}::jsonb)
                 as r("workspaceId" integer, secret text)
           where a.workspace_id = r."workspaceId"`,
    );
    return rows.length;
  });
}
