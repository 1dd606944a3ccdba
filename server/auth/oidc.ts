import * as oidc from 'openid-client';
import type { Config } from '../config';
import type { LoginProvider, OidcClientConfig } from '../config-sign-in';
import { isEmail } from '../../common/patterns';
import { ATTEMPT_LIFETIME_SECONDS, type LoginAttempt } from './login-attempt';

/**
 * OpenID Connect with Google, Microsoft and the company's own provider: authorization code with
 * state, nonce and PKCE.
 */

const SCOPE = 'openid email profile';

const PROVIDER_NAMES: Record<LoginProvider, string> = {
  'google-oauth2': 'Google',
  'microsoft-graph': 'Microsoft',
  oidc: 'single sign-on',
};

export const redirectUriOf = (publicUrl: string, provider: LoginProvider) =>
  `${publicUrl.replace(/\/+$/, '')}/portal/complete/${provider}/`;

/** The provider could not be reached or its discovery document is unusable. */
export class ProviderUnavailableError extends Error {}

function discover({ issuer, clientId, clientSecret }: OidcClientConfig) {
  // The id token's signature is checked against the provider's published keys: openid-client
  // skips that by default for a token fetched over TLS, and we take no such word for it
  // (https://github.com/panva/openid-client/blob/v6.x/docs/functions/enableNonRepudiationChecks.md).
  const execute = [oidc.enableNonRepudiationChecks];
  // Plain http only for a loopback stand-in (tests, local development): config refuses any other.
  if (issuer.startsWith('http:')) execute.push(oidc.allowInsecureRequests);
  return oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, { execute });
}

/** Each provider's discovery, fetched on first use and kept; a failed one is fetched again. */
export class OidcClients {
  readonly #pending = new Map<LoginProvider, Promise<oidc.Configuration>>();

  constructor(private readonly settings: Config['oidc']) {}

  isConfigured(provider: LoginProvider): boolean {
    return this.settings[provider] !== undefined;
  }

  /** The provider as pages name it: the company's by its issuer's host, once it has one. */
  nameOf(provider: LoginProvider): string {
    const issuer = this.settings[provider]?.issuer;
    return provider === 'oidc' && issuer ? new URL(issuer).host : PROVIDER_NAMES[provider];
  }

  async configuration(provider: LoginProvider): Promise<oidc.Configuration> {
    let pending = this.#pending.get(provider);
    if (!pending) {
      const settings = this.settings[provider];
      if (!settings) throw new Error(`${provider} is not configured`);
      pending = discover(settings);
      this.#pending.set(provider, pending);
    }
    try {
      return await pending;
    } catch (error) {
      if (this.#pending.get(provider) === pending) this.#pending.delete(provider);
      throw new ProviderUnavailableError(`discovery of ${provider} failed`, { cause: error });
    }
  }
}

/** The provider's authorization URL, and the attempt to remember until it returns. */
export async function beginSignIn(
  clients: OidcClients,
  provider: LoginProvider,
  redirectUri: string,
): Promise<{ url: URL; attempt: LoginAttempt }> {
  const config = await clients.configuration(provider);
  const attempt: LoginAttempt = {
    provider,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    code_verifier: oidc.randomPKCECodeVerifier(),
    expires: Date.now() + ATTEMPT_LIFETIME_SECONDS * 1000,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    state: attempt.state,
    nonce: attempt.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.code_verifier),
    code_challenge_method: 'S256',
  });
  return { url, attempt };
}

/**
 * Redeems the code: openid-client checks the state, the issuer, the id token's signature (see
 * discover), audience, expiry and nonce, and sends the PKCE verifier. Returns its claims.
 */
export async function finishSignIn(
  clients: OidcClients,
  attempt: LoginAttempt,
  currentUrl: URL,
): Promise<oidc.IDToken> {
  const config = await clients.configuration(attempt.provider);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    pkceCodeVerifier: attempt.code_verifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider returned no id token');
  return claims;
}

/**
 * Who the provider vouches for, or why nobody. Google's hosted domain (`hd`) and Microsoft's
 * tenant are checked against the user's workspace at sign-in (sign-in.ts).
 */
export type Identity =
  | { ok: true; email: string; tenantId?: string; objectId?: string; hostedDomain?: string }
  | { ok: false; reason: string };

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * Microsoft's `email` claim is verified by the tenant when the optional claim `xms_edov` (email
 * domain owner verified) is true, or when it is the user's UPN, whose domain the tenant has
 * verified; `preferred_username` is never used. Microsoft documents both as mutable, not
 * verified, never to authorize on alone
 * (https://learn.microsoft.com/entra/identity-platform/claims-validation,
 * https://learn.microsoft.com/entra/identity-platform/migrate-off-email-claim-authorization,
 * `xms_edov` in https://learn.microsoft.com/entra/identity-platform/optional-claims-reference).
 * The tenant itself must be one the workspace allows (sign-in.ts).
 */
function microsoftIdentity(claims: oidc.IDToken): Identity {
  const email = text(claims.email);
  if (!email || !isEmail(email)) return { ok: false, reason: 'no email claim' };
  const domainOwnerVerified = claims.xms_edov === true || claims.xms_edov === '1';
  if (!domainOwnerVerified && !sameAddress(text(claims.upn), email)) {
    return { ok: false, reason: 'email not verified by the tenant' };
  }
  const tenantId = text(claims.tid)?.toLowerCase();
  const objectId = text(claims.oid);
  if (!tenantId || !objectId) return { ok: false, reason: 'no tid or oid claim' };
  return { ok: true, email, tenantId, objectId };
}

/**
 * Google and the company's provider vouch for an address only when they say they verified it
 * (`email_verified`, https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims).
 * Google's hosted domain (`hd`) is Google's own claim; another provider's is not read.
 */
export function identityOf(provider: LoginProvider, claims: oidc.IDToken): Identity {
  if (provider === 'microsoft-graph') return microsoftIdentity(claims);
  const email = text(claims.email);
  if (!email || !isEmail(email)) return { ok: false, reason: 'no email claim' };
  if (claims.email_verified !== true) return { ok: false, reason: 'email not verified' };
  const hostedDomain = provider === 'google-oauth2' ? text(claims.hd)?.toLowerCase() : undefined;
  return { ok: true, email, ...(hostedDomain ? { hostedDomain } : {}) };
}
