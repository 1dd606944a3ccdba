import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

// PostgreSQL accepts a password already in its SCRAM-SHA-256 form (RFC 5802, RFC 7677), so the
// clear password of a BI role never appears in a statement the server might log.

const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, as pg_authid stores it. */
export function scramVerifier(password: string, salt = randomBytes(16)): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, ITERATIONS, 32, 'sha256');
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  const b64 = (buffer: Buffer) => buffer.toString('base64');
  return `SCRAM-SHA-256$${ITERATIONS}:${b64(salt)}$${b64(storedKey)}:${b64(serverKey)}`;
}
