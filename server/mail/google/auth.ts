import { createPrivateKey, sign } from 'node:crypto';
import { requestToken, TokenCache, type CloudDeps } from '../cloud-http';
import { readErrorBody } from '../provider-errors';
import { GOOGLE_FAILURES } from './failures';

// Domain-wide delegation: the service account signs a JWT assertion naming the mailbox as its
// subject, and the token endpoint answers with an access token for that mailbox alone.

const GMAIL_METADATA_SCOPE = 'https://www.googleapis.com/auth/gmail.metadata';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google accepts assertions valid for at most an hour. */
const ASSERTION_TTL_S = 3600;

export interface ServiceAccount {
  client_email: string;
  private_key: string;
}

/**
 * The service account from the JSON key file Google hands out, checked: the CLI can refuse a
 * wrong file before storing it, and the connector factory reads the stored one with it.
 */
export function readServiceAccount(json: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('The service account file is not JSON: download a JSON key of the account');
  }
  const key = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  if (key.type !== 'service_account') {
    throw new Error('The file is not a service account key ("type" is not "service_account")');
  }
  const { client_email: email, private_key: privateKey } = key;
  if (typeof email !== 'string' || !email.includes('@')) {
    throw new Error('The service account key has no "client_email"');
  }
  if (typeof privateKey !== 'string')
    throw new Error('The service account key has no "private_key"');
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new Error('The service account key\'s "private_key" is not a PEM private key');
  }
  return { client_email: email, private_key: privateKey };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The RS256 JWT the token endpoint exchanges for an access token to `subject`'s mail. */
export function signAssertion(
  account: ServiceAccount,
  subject: string,
  audience: string,
  now: Date,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.client_email,
      sub: subject,
      scope: GMAIL_METADATA_SCOPE,
      aud: audience,
      iat,
      exp: iat + ASSERTION_TTL_S,
    }),
  );
  const key = createPrivateKey(account.private_key);
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** The token endpoint's documented refusals, as sentences; null when it is none of them. */
export function tokenFailure(body: unknown): string | null {
  const { code, message } = readErrorBody(body);
  if (code === 'invalid_grant' && /email|user id/i.test(message)) {
    return GOOGLE_FAILURES.unknownMailbox;
  }
  if (code === 'invalid_grant' && /signature/i.test(message)) return GOOGLE_FAILURES.keyRefused;
  if (code === 'unauthorized_client') return GOOGLE_FAILURES.delegationDenied;
  if (code === 'invalid_client') return GOOGLE_FAILURES.keyRefused;
  return null;
}

/** One token cache per mailbox: each token is good for its subject only. */
export class GoogleTokens {
  private readonly caches = new Map<string, TokenCache>();

  constructor(
    private readonly account: ServiceAccount,
    private readonly tokenUrl: string,
    private readonly deps: CloudDeps,
  ) {}

  for(mailbox: string): TokenCache {
    let cache = this.caches.get(mailbox);
    if (!cache) {
      cache = new TokenCache((signal) => this.request(mailbox, signal), this.deps.now);
      this.caches.set(mailbox, cache);
    }
    return cache;
  }

  clear(): void {
    this.caches.clear();
  }

  private request(mailbox: string, signal: AbortSignal) {
    const assertion = signAssertion(this.account, mailbox, this.tokenUrl, this.deps.now());
    return requestToken(
      this.tokenUrl,
      { grant_type: JWT_BEARER_GRANT, assertion },
      { provider: 'Google', deps: this.deps, signal },
      (error) => {
        const { code, message } = readErrorBody(error.body);
        return (
          tokenFailure(error.body) ??
          `Google refused a token for this mailbox (${code || error.status}: ${message})`
        );
      },
    );
  }
}
