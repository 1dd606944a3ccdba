import type { IncomingMessage } from 'node:http';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { interactionPolicy } from 'oidc-provider';

/** The plumbing of the OpenID provider stand-in (oidc-provider.ts). */

/**
 * One-shot alterations of the next id token: a claim changed and re-signed with the provider's
 * own key, or the same claims signed with a key the provider never published.
 */
export type IdTokenTamper = 'other-audience' | 'wrong-nonce' | 'foreign-signature';

let foreignKey: KeyObject | undefined;

export async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Re-signs an id token with one claim changed, so only the client's own checks can catch it. */
export function resign(idToken: string, ownKey: KeyObject, how: IdTokenTamper): string {
  const [header = '', payload = ''] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  if (how === 'other-audience') claims.aud = 'another-application';
  if (how === 'wrong-nonce') claims.nonce = 'a-nonce-this-sign-in-never-sent';
  foreignKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const key = how === 'foreign-signature' ? foreignKey : ownKey;
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = sign('sha256', Buffer.from(`${header}.${body}`), key).toString('base64url');
  return `${header}.${body}.${signature}`;
}

type Payload = Record<string, unknown>;

const GRANTED = ['AccessToken', 'AuthorizationCode', 'RefreshToken'];

/** In-memory storage for one stand-in (oidc-provider's own warns on every start). */
export function memoryAdapter() {
  const store = new Map<string, Payload>();
  return class MemoryStore {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Payload) {
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      return [...store.entries()].find(
        ([k, p]) => k.startsWith(`${this.model}:`) && p.uid === uid,
      )?.[1];
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    // Only tokens die with their grant; an Interaction also names its grant but must survive.
    async revokeByGrantId(grantId: string) {
      for (const [k, p] of store) {
        if (p.grantId === grantId && GRANTED.some((model) => k.startsWith(`${model}:`))) {
          store.delete(k);
        }
      }
    }
  };
}

// Explicit lifetimes keep oidc-provider from printing a notice per artifact kind.
export const TTL = {
  AccessToken: 600,
  AuthorizationCode: 60,
  Grant: 600,
  IdToken: 600,
  Interaction: 600,
  Session: 600,
};

/** Asks to sign in on every authorization request, not only without a session. */
export function alwaysAskPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('stand_in_asks', 'the stand-in always asks', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}
