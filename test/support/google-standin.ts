/**
 * A stand-in for Google's token endpoint and the Gmail API on 127.0.0.1.
 *
 *   const google = await startGoogleStandin();
 *   createGoogleConnector({ serviceAccount: google.serviceAccount },
 *     { tokenUrl: google.tokenUrl, apiBaseUrl: google.apiBaseUrl })
 *   google.addMailbox('sales@acme.example').add({ at, labelIds: ['INBOX'], headers })
 *   google.failNext({ status: 429, retryAfter: 7 })   the next API call answers that (a 403 is
 *                                   userRateLimitExceeded, a 5xx a backend error)
 *   google.delegatedScopes = []     delegation withdrawn: tokens are refused unauthorized_client
 *   google.revokeTokens()           every issued token answers 401 from now on
 *   google.gmailApiEnabled = false  the project's Gmail API is off: 403 accessNotConfigured
 *
 * The token endpoint checks what Google's does: the jwt-bearer grant, an RS256 assertion whose
 * signature verifies against the service account's public key (a key made with node:crypto at
 * start), `iss` a known service account, `aud` the token URL, `exp` at most an hour after `iat`
 * and not past, the scope delegated, and `sub` a known mailbox. Every API call needs a bearer
 * token issued for the mailbox in its path, each part of a batch (`POST /batch/gmail/v1`,
 * test/support/google-standin-batch.ts) on its own; the parts are logged as calls.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import {
  FailureQueue,
  MailboxRegistry,
  bearerOf,
  startJsonServer,
  type InjectedFailure,
  type JsonServer,
  type Reply,
  type StandinRequest,
} from './http-standin';
import { batchAnswer } from './google-standin-batch';
import { GmailMailbox, gmailError } from './google-standin-mail';
import { GMAIL_METADATA, TokenEndpoint } from './google-standin-token';

export { GMAIL_METADATA } from './google-standin-token';

export interface GoogleStandin {
  tokenUrl: string;
  apiBaseUrl: string;
  /** A service account this stand-in knows, as in its JSON key file. */
  serviceAccount: { client_email: string; private_key: string };
  /** The scopes delegated to the service account in the "Admin console". */
  delegatedScopes: string[];
  /** The Gmail API enabled in the service account's "Cloud project" (every call 403s when not). */
  gmailApiEnabled: boolean;
  addMailbox(email: string): GmailMailbox;
  mailbox(email: string): GmailMailbox;
  failNext(failure: InjectedFailure, times?: number): void;
  revokeTokens(): void;
  /** Every token request with the error it got ('' when a token was issued). */
  tokenRequests: { sub: string; error: string }[];
  server: JsonServer;
  close(): Promise<void>;
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

/** Gmail says "slow down" with 429, or with 403 userRateLimitExceeded; else a backend error. */
function injectedBody(status: number): unknown {
  if (status === 429) {
    return gmailError(
      429,
      'Too many concurrent requests for user',
      'rateLimitExceeded',
      'RESOURCE_EXHAUSTED',
    ).body;
  }
  if (status === 403) {
    return gmailError(403, 'User Rate Limit Exceeded', 'userRateLimitExceeded', 'PERMISSION_DENIED')
      .body;
  }
  return gmailError(status, 'Backend Error', 'backendError', 'UNAVAILABLE').body;
}

const PROJECT = 843207611592;
/** Google's answer to any call while the project's Gmail API is disabled. */
const apiDisabled: Reply = {
  status: 403,
  body: {
    error: {
      code: 403,
      message: `Gmail API has not been used in project ${PROJECT} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/gmail.googleapis.com/overview?project=${PROJECT} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
      errors: [
        {
          message: `Gmail API has not been used in project ${PROJECT} before or it is disabled.`,
          domain: 'usageLimits',
          reason: 'accessNotConfigured',
          extendedHelp: 'https://console.developers.google.com',
        },
      ],
      status: 'PERMISSION_DENIED',
    },
  },
};

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
  const mailboxes = new MailboxRegistry((email) => new GmailMailbox(email));
  const failures = new FailureQueue();
  const settings = { tokenUrl: '', delegatedScopes: [GMAIL_METADATA], gmailApiEnabled: true };
  const tokens = new TokenEndpoint(keys, mailboxes.byEmail, settings);

  /** One Gmail API call, alone or as a part of a batch. */
  const apiCall = (request: StandinRequest): Reply => {
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
    if (!settings.gmailApiEnabled) return apiDisabled;
    const user = userId === 'me' ? issued.sub : userId.toLowerCase();
    const mailbox = mailboxes.byEmail.get(user);
    if (user !== issued.sub || !mailbox) {
      return gmailError(
        403,
        `Delegation denied for ${issued.sub}`,
        'forbidden',
        'PERMISSION_DENIED',
      );
    }
    const injected = failures.take(request.path, injectedBody);
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
  };

  const server: JsonServer = await startJsonServer((request) => {
    if (request.method === 'POST' && request.path === '/token') return tokens.answer(request);
    if (request.method === 'POST' && request.path === '/batch/gmail/v1') {
      return batchAnswer(request, apiCall, (call) => server.calls.push(call));
    }
    return apiCall(request);
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
    get gmailApiEnabled() {
      return settings.gmailApiEnabled;
    },
    set gmailApiEnabled(enabled: boolean) {
      settings.gmailApiEnabled = enabled;
    },
    addMailbox: mailboxes.add,
    mailbox: mailboxes.mailbox,
    failNext: (failure, times) => failures.add(failure, times),
    revokeTokens: () => tokens.issued.clear(),
    tokenRequests: tokens.requests,
    server,
    close: () => server.close(),
  };
}
