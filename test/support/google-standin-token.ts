import { verify, randomBytes, type KeyObject } from 'node:crypto';
import type { Reply, StandinRequest } from './http-standin';
import type { GmailMailbox } from './google-standin-mail';

// The Google stand-in's token endpoint: the jwt-bearer grant with the checks Google makes.

export const GMAIL_METADATA = 'https://www.googleapis.com/auth/gmail.metadata';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface Issued {
  sub: string;
  scopes: string[];
  expiresAt: number;
}

const decode = (part: string | undefined): Record<string, unknown> | null => {
  try {
    return JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
};

const scopesOf = (claims: Record<string, unknown>) =>
  typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];

const tokenError = (status: number, error: string, description: string): Reply => ({
  status,
  body: { error, error_description: description },
});

export class TokenEndpoint {
  readonly issued = new Map<string, Issued>();
  readonly requests: { sub: string; error: string }[] = [];

  constructor(
    private readonly keys: ReadonlyMap<string, KeyObject>,
    private readonly mailboxes: ReadonlyMap<string, GmailMailbox>,
    private readonly standin: { tokenUrl: string; delegatedScopes: string[] },
    private readonly now: () => number = Date.now,
  ) {}

  /** The refusal of an assertion, or null when it is good. */
  private check(assertion: string, claims: Record<string, unknown>): Reply | null {
    const [header, payload, signature] = assertion.split('.');
    const key = this.keys.get(String(claims.iss));
    const signed = Buffer.from(`${header}.${payload}`);
    if (
      decode(header)?.alg !== 'RS256' ||
      !key ||
      !verify('RSA-SHA256', signed, key, Buffer.from(signature ?? '', 'base64url'))
    ) {
      return tokenError(400, 'invalid_grant', 'Invalid JWT Signature.');
    }
    const now = this.now() / 1000;
    const { iat, exp } = claims;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp - iat > 3600 ||
      exp < now ||
      iat > now + 300
    ) {
      return tokenError(
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    if (claims.aud !== this.standin.tokenUrl) {
      return tokenError(400, 'invalid_grant', 'Invalid JWT: Failed audience check.');
    }
    const scopes = scopesOf(claims);
    if (scopes.length === 0 || !scopes.every((s) => this.standin.delegatedScopes.includes(s))) {
      return tokenError(
        401,
        'unauthorized_client',
        'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      );
    }
    if (typeof claims.sub !== 'string' || !this.mailboxes.has(claims.sub.toLowerCase())) {
      return tokenError(400, 'invalid_grant', 'Invalid email or User ID');
    }
    return null;
  }

  async answer(request: StandinRequest): Promise<Reply> {
    const form = await request.form();
    if (form.get('grant_type') !== JWT_BEARER) {
      return tokenError(
        400,
        'unsupported_grant_type',
        'Invalid grant_type: ' + (form.get('grant_type') ?? ''),
      );
    }
    const assertion = form.get('assertion') ?? '';
    const claims = decode(assertion.split('.')[1]) ?? {};
    const refusal = this.check(assertion, claims);
    const sub = typeof claims.sub === 'string' ? claims.sub.toLowerCase() : '';
    this.requests.push({
      sub,
      error: refusal ? String((refusal.body as { error: string }).error) : '',
    });
    if (refusal) return refusal;
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    const scopes = scopesOf(claims);
    this.issued.set(token, { sub, scopes, expiresAt: this.now() + 3599_000 });
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }
}
