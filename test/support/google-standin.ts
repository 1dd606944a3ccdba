/**
 * A stand-in for Google's token endpoint and the Gmail API on 127.0.0.1.
 *
 *   const google = await startGoogleStandin();
 *   createGoogleConnector({ serviceAccount: google.serviceAccount },
 *     { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl })
 *   google.addMailbox('sales@acme.example').add({ at, labelIds: ['INBOX'], headers })
 *   google.failNext({ status: 429, retryAfter: 7 })   the next API call answers that
 *   google.delegatedScopes = []     delegation withdrawn: tokens are refused unauthorized_client
 *   google.revokeTokens()           every issued token answers 401 from now on
 *
 * The token endpoint checks what Google's does: the jwt-bearer grant, an RS256 assertion whose
 * signature verifies against the service account's public key (a key made with node:crypto at
 * start), `iss` a known service account, `aud` the token URL, `exp` at most an hour after `iat`
 * and not past, the scope delegated, and `sub` a known mailbox. Every API call needs a bearer
 * token issued for the mailbox in its path.
 */
import {
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  verify,
  type KeyObject,
} from 'node:crypto';
import {
  FailureQueue,
  bearerOf,
  startJsonServer,
  type InjectedFailure,
  type JsonServer,
  type Reply,
  type StandinRequest,
} from './http-standin';
import { GmailMailbox, gmailError } from './google-standin-mail';

export type { StandinMessageInput } from './google-standin-mail';

export const GMAIL_METADATA = 'https://www.googleapis.com/auth/gmail.metadata';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

interface Issued {
  sub: string;
  scopes: string[];
  expiresAt: number;
}

export interface GoogleStandin {
  tokenUrl: string;
  apiBaseUrl: string;
  /** A service account this stand-in knows, as in its JSON key file. */
  serviceAccount: { client_email: string; private_key: string };
  /** The scopes delegated to the service account in the "Admin console". */
  delegatedScopes: string[];
  addMailbox(email: string): GmailMailbox;
  mailbox(email: string): GmailMailbox;
  failNext(failure: InjectedFailure, times?: number): void;
  revokeTokens(): void;
  /** Every token request with the error it got ('' when a token was issued). */
  tokenRequests: { sub: string; error: string }[];
  server: JsonServer;
  close(): Promise<void>;
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

class TokenEndpoint {
  readonly issued = new Map<string, Issued>();
  readonly requests: { sub: string; error: string }[] = [];

  constructor(
    private readonly keys: ReadonlyMap<string, KeyObject>,
    private readonly mailboxes: ReadonlyMap<string, GmailMailbox>,
    private readonly standin: { tokenUrl: string; delegatedScopes: string[] },
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
    const now = Date.now() / 1000;
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
    this.issued.set(token, { sub, scopes, expiresAt: Date.now() + 3599_000 });
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }
}

function apiAnswer(request: StandinRequest, mailbox: GmailMailbox, metadataScope: boolean): Reply {
  const rest = request.path.split('/').slice(5);
  if (rest[0] === 'profile' && rest.length === 1) return mailbox.profile();
  if (rest[0] === 'messages' && rest.length === 1)
    return mailbox.list(request.query, metadataScope);
  if (rest[0] === 'messages' && rest.length === 2)
    return mailbox.get(rest[1] ?? '', request.query, metadataScope);
  if (rest[0] === 'history' && rest.length === 1) return mailbox.historyList(request.query);
  return gmailError(404, 'Not Found', 'notFound', 'NOT_FOUND');
}

export async function startGoogleStandin(): Promise<GoogleStandin> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    client_email: 'mailpulse-sync@standin-project.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const keys = new Map([
    [
      serviceAccount.client_email,
      createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })),
    ],
  ]);
  const mailboxes = new Map<string, GmailMailbox>();
  const failures = new FailureQueue();
  const settings = { tokenUrl: '', delegatedScopes: [GMAIL_METADATA] };
  const tokens = new TokenEndpoint(keys, mailboxes, settings);

  const server = await startJsonServer((request) => {
    if (request.method === 'POST' && request.path === '/token') return tokens.answer(request);
    const [, gmail, v1, users, userId] = request.path.split('/');
    if (
      request.method !== 'GET' ||
      gmail !== 'gmail' ||
      v1 !== 'v1' ||
      users !== 'users' ||
      !userId
    ) {
      return gmailError(404, 'Not Found', 'notFound', 'NOT_FOUND');
    }
    const issued = tokens.issued.get(bearerOf(request.headers) ?? '');
    if (!issued || issued.expiresAt < Date.now()) {
      return gmailError(
        401,
        'Request had invalid authentication credentials.',
        'authError',
        'UNAUTHENTICATED',
      );
    }
    const user = userId === 'me' ? issued.sub : userId.toLowerCase();
    const mailbox = mailboxes.get(user);
    if (user !== issued.sub || !mailbox) {
      return gmailError(
        403,
        `Delegation denied for ${issued.sub}`,
        'forbidden',
        'PERMISSION_DENIED',
      );
    }
    const injected = failures.take(request.path, (status) =>
      status === 429
        ? gmailError(
            429,
            'Too many concurrent requests for user',
            'rateLimitExceeded',
            'RESOURCE_EXHAUSTED',
          ).body
        : gmailError(status, 'Backend Error', 'backendError', 'UNAVAILABLE').body,
    );
    if (injected) return injected;
    if (!mailbox.gmailEnabled) {
      return gmailError(
        400,
        'Mail service not enabled',
        'failedPrecondition',
        'FAILED_PRECONDITION',
      );
    }
    const metadataScope = issued.scopes.every((scope) => scope === GMAIL_METADATA);
    return apiAnswer(request, mailbox, metadataScope);
  });
  settings.tokenUrl = `${server.url}/token`;

  return {
    tokenUrl: settings.tokenUrl,
    apiBaseUrl: server.url,
    serviceAccount,
    get delegatedScopes() {
      return settings.delegatedScopes;
    },
    set delegatedScopes(scopes: string[]) {
      settings.delegatedScopes = scopes;
    },
    addMailbox(email) {
      const mailbox = new GmailMailbox(email.toLowerCase());
      mailboxes.set(mailbox.email, mailbox);
      return mailbox;
    },
    mailbox(email) {
      const mailbox = mailboxes.get(email.toLowerCase());
      if (!mailbox) throw new Error(`no mailbox ${email}`);
      return mailbox;
    },
    failNext: (failure, times) => failures.add(failure, times),
    revokeTokens: () => tokens.issued.clear(),
    tokenRequests: tokens.requests,
    server,
    close: () => server.close(),
  };
}
