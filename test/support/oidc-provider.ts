import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import {
  TTL,
  alwaysAskPolicy,
  formOf,
  memoryAdapter,
  resign,
  type IdTokenTamper,
} from './oidc-provider-parts';

/**
 * A local OpenID provider standing in for Google, Microsoft and a company's own provider
 * (Keycloak, Okta…; oidc-provider on 127.0.0.1): one issuer, three confidential clients with
 * PKCE required. Its sign-in page lists the accounts
 * as buttons `Sign in as <email>` that sign in and grant `openid email profile` at once, plus a
 * Cancel button that answers `access_denied`. It asks every time, so one browser can sign in as
 * different accounts in turn.
 */

export interface StandInAccount {
  /** The subject; defaults to the email or preferred_username. */
  sub?: string;
  email?: string;
  /** Google and the company's provider; defaults to true. */
  email_verified?: boolean;
  name?: string;
  /** Microsoft only: preferred_username (defaults to the email), tid and oid. */
  preferred_username?: string;
  tid?: string;
  oid?: string;
  /**
   * Microsoft only: the optional claims `xms_edov` (the tenant verified the email's domain;
   * defaults to true, null leaves it out) and `upn`.
   */
  xms_edov?: boolean | null;
  upn?: string;
  /** Google only: the Google Workspace domain hosting the account. */
  hd?: string;
}

export type StandInClientName = 'google' | 'microsoft' | 'company';

export interface StandInClient {
  clientId: string;
  clientSecret: string;
}

export interface OidcStandIn {
  issuer: string;
  clients: Record<StandInClientName, StandInClient>;
  /** The variables that point the server at this stand-in for all three providers. */
  env: Record<string, string>;
  /** Replaces the accounts listed on the sign-in page. */
  setAccounts(accounts: StandInAccount[]): void;
  /** Alters the id token of the next token response. */
  tamperNextIdToken(how: IdTokenTamper): void;
  close(): Promise<void>;
}

export const STAND_IN_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const PROVIDER_PATHS: Record<StandInClientName, string> = {
  google: 'google-oauth2',
  microsoft: 'microsoft-graph',
  company: 'oidc',
};

const subjectOf = (a: StandInAccount) => a.sub ?? a.email ?? a.preferred_username ?? 'nobody';
const labelOf = (a: StandInAccount) => a.email ?? a.preferred_username ?? subjectOf(a);

function claimsFor(account: StandInAccount, client: StandInClientName) {
  const sub = subjectOf(account);
  const base = { sub, ...(account.name ? { name: account.name } : {}) };
  if (client !== 'microsoft') {
    if (!account.email) return base;
    const hd = client === 'google' && account.hd ? { hd: account.hd } : {};
    return { ...base, email: account.email, email_verified: account.email_verified ?? true, ...hd };
  }
  const edov = account.xms_edov === null ? {} : { xms_edov: account.xms_edov ?? true };
  return {
    ...base,
    ...(account.email ? { email: account.email, ...edov } : {}),
    ...(account.upn ? { upn: account.upn } : {}),
    preferred_username: account.preferred_username ?? account.email,
    tid: account.tid ?? STAND_IN_TENANT,
    oid: account.oid ?? `oid-${sub}`,
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid: string, accounts: StandInAccount[]): string {
  const buttons = accounts
    .map(
      (a) => `<form method="post" action="/interaction/${uid}/login">
<input type="hidden" name="account" value="${escape(subjectOf(a))}">
<button type="submit">Sign in as ${escape(labelOf(a))}</button></form>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Stand-in sign-in</title></head><body><main><h1>Choose an account</h1>
${buttons}
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

const clientMetadata = (name: StandInClientName, client: StandInClient): ClientMetadata => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  // "native" lets a loopback redirect URI match on any port (RFC 8252), so the server under test
  // may listen wherever it likes.
  application_type: 'native',
  redirect_uris: ['127.0.0.1', 'localhost'].map(
    (host) => `http://${host}/portal/complete/${PROVIDER_PATHS[name]}/`,
  ),
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_post',
});

/** The stand-in's own pages: the account list, and what its buttons do. */
async function handleInteraction(
  provider: Provider,
  accounts: StandInAccount[],
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const [, uid, action] = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(path) ?? [];
  if (!uid) return false;
  if (req.method === 'GET' && !action) {
    await provider.interactionDetails(req, res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(signInPage(uid, accounts));
    return true;
  }
  if (req.method !== 'POST' || !action) return false;
  if (action === 'abort') {
    const result = { error: 'access_denied', error_description: 'The person cancelled.' };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    return true;
  }
  const accountId = (await formOf(req)).get('account') ?? '';
  const details = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope('openid email profile');
  const grantId = await grant.save();
  const result = { login: { accountId }, consent: { grantId } };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  return true;
}

function configure(
  issuer: string,
  clients: Record<StandInClientName, StandInClient>,
  jwk: object,
  accounts: () => StandInAccount[],
): Provider {
  const names = Object.keys(clients) as StandInClientName[];
  const clientName = (ctx: KoaContextWithOIDC): StandInClientName =>
    names.find((name) => clients[name].clientId === ctx.oidc.client?.clientId) ?? 'google';
  return new Provider(issuer, {
    clients: names.map((name) => clientMetadata(name, clients[name])),
    adapter: memoryAdapter(),
    ttl: TTL,
    jwks: { keys: [jwk] },
    cookies: { keys: ['stand-in-cookie-key-0123456789abcdef'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: alwaysAskPolicy(),
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'tid', 'oid', 'xms_edov', 'upn', 'hd'],
    },
    // Put the scopes' claims in the id token itself, as Google and Microsoft do.
    conformIdTokenClaims: false,
    findAccount: (ctx, sub) => {
      const account = accounts().find((a) => subjectOf(a) === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => claimsFor(account, clientName(ctx)) };
    },
  });
}

export interface StandInOptions {
  accounts?: StandInAccount[];
  /** A fixed port (default: any free one). */
  port?: number;
}

export async function startOidcProvider(options: StandInOptions = {}): Promise<OidcStandIn> {
  let accounts = options.accounts ?? [];
  let tamper: IdTokenTamper | undefined;
  const clients: Record<StandInClientName, StandInClient> = {
    google: { clientId: 'stand-in-google', clientSecret: 'stand-in-google-secret' },
    microsoft: { clientId: 'stand-in-microsoft', clientSecret: 'stand-in-microsoft-secret' },
    company: { clientId: 'stand-in-company', clientSecret: 'stand-in-company-secret' },
  };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'stand-in',
    alg: 'RS256',
    use: 'sig',
  };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = configure(issuer, clients, jwk, () => accounts);
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path === '/token' && tamper && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: resign(body.id_token, privateKey, tamper) };
      tamper = undefined;
    }
  });

  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    handleInteraction(provider, accounts, req, res, path).then(
      (handled) => {
        if (!handled) void callback(req, res);
      },
      (error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`stand-in interaction failed: ${String(error)}`);
      },
    );
  });

  return {
    issuer,
    clients,
    env: {
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: clients.google.clientId,
      GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
      MICROSOFT_ISSUER: issuer,
      MICROSOFT_CLIENT_ID: clients.microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: clients.microsoft.clientSecret,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clients.company.clientId,
      OIDC_CLIENT_SECRET: clients.company.clientSecret,
    },
    setAccounts: (next) => {
      accounts = next;
    },
    tamperNextIdToken: (how) => {
      tamper = how;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
