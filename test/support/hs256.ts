import { createHmac, timingSafeEqual } from 'node:crypto';

/** Just enough HS256 JWT for the Superset stand-in: real tokens the embedded SDK can decode. */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signHs256(secret: Buffer, payload: Record<string, unknown>): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The payload of a token this stand-in signed, or null. */
export function verifyHs256(secret: Buffer, token: string): { exp: number } | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
}
