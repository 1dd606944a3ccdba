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
 *   startGoogleStandin({ now })     quotas and tokens on a clock the test moves (no waiting)
 *
 * The token endpoint checks what Google's does: the jwt-bearer grant, an RS256 assertion whose
 * signature verifies against the service account's public key (a key made with node:crypto at
 * start), `iss` a known service account, `aud` the token URL, `exp` at most an hour after `iat`
 * and not past, the scope delegated, and `sub` a known mailbox. Every API call needs a bearer
 * token issued for the mailbox in its path, each part of a batch (`POST /batch/gmail/v1`,
 * test/support/google-standin-batch.ts) on its own; the parts are logged as calls.
 *
 * Each user's calls are limited as Gmail limits them (test/support/google-standin-limits.ts):
 * 15,000 quota units a sliding minute (403 userRateLimitExceeded beyond) and 50 calls in flight
 * at once (429 "Too many concurrent requests for user" beyond). A batch is held for
 * `batchLatencyMs` of real time before it is answered, as Google takes a while over one, so
 * batches sent together are in flight together.
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
import {
  QUOTA_UNITS,
  UserConcurrency,
  UserQuota,
  quotaExceeded,
  tooManyConcurrent,
  type GmailMethod,
} from './google-standin-limits';
import { GMAIL_METADATA, TokenEndpoint } from './google-standin-token';

export { GMAIL_METADATA } from './google-standin-token';

export interface GoogleStandinOptions {
  /** The clock of quotas and tokens, in ms since the epoch; Date.now by default. */
  now?: () => number;
  /** Real time a batch is held before its answer; 20 ms by default. */
  batchLatencyMs?: number;
}

export interface GoogleStandin {
  tokenUrl: string;
  apiBaseUrl: string;
  /** A service account this stand-in knows, as in its JSON key file. */
  serviceAccount: { client_email: string; private_key: string };
  /** The scopes delegated to the service account in the "Admin console". */
  delegatedScopes: string[];
  /** The Gmail API enabled in the service account's "Cloud project" (every call 403s when not). */
  gmailApiEnabled: boolean;
  /** Per-user quota units a minute (`perMinute`) and the calls it refused, by user. */
  quota: UserQuota;
  /** Per-user calls in flight (`limit`) and the most seen at once (`peak`). */
  concurrency: UserConcurrency;
  addMailbox(email: string): GmailMailbox;
  mailbox(email: string): GmailMailbox;
  failNext(failure: InjectedFailure, times?: number): void;
  revokeTokens(): void;
  /** Every token request with the error it got ('' when a token was issued). */
  tokenRequests: { sub: string; error: string }[];
  server: JsonServer;
  close(): Promise<void>;
}

interface Route {
  method: GmailMethod;
  answer: () => Reply;
}

/** The method a call names and how it is answered; null for a path Gmail does not have. */
function route(request: StandinRequest, mailbox: GmailMailbox, metadataScope: boolean) {
  const rest = request.path.split('/').slice(5);
  const one = (method: GmailMethod, answer: () => Reply): Route => ({ method, answer });
  if (rest.length === 1 && rest[0] === 'profile') return one('getProfile', () => mailbox.profile());
  if (rest.length === 1 && rest[0] === 'labels') return one('labels.list', () => mailbox.labels());
  if (rest.length === 1 && rest[0] === 'messages') {
    return one('messages.list', () => mailbox.list(request.query, metadataScope));
  }
  if (rest.length === 2 && rest[0] === 'messages') {
    return one('messages.get', () => mailbox.get(rest[1] ?? '', request.query, metadataScope));
  }
  if (rest.length === 1 && rest[0] === 'history') {
    return one('history.list', () => mailbox.historyList(request.query));
  }
  return null;
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

export async function startGoogleStandin(
  options: GoogleStandinOptions = {},
): Promise<GoogleStandin> {
  const now = options.now ?? Date.now;
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
  const tokens = new TokenEndpoint(keys, mailboxes.byEmail, settings, now);
  const quota = new UserQuota(now);
  const concurrency = new UserConcurrency();

  /**
   * One Gmail API call, alone or as a part of a batch. Its slot among the user's calls in flight
   * is freed at once, or pushed onto `held` (a batch frees them when it answers).
   */
  const apiCall = (request: StandinRequest, held?: string[]): Reply => {
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
    if (!issued || issued.expiresAt < now()) {
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
    const call = route(request, mailbox, metadataScope);
    if (!call) return gmailError(404, 'Not Found', 'notFound', 'NOT_FOUND');
    if (!concurrency.enter(user)) return tooManyConcurrent();
    if (held) held.push(user);
    try {
      return quota.charge(user, QUOTA_UNITS[call.method]) ? call.answer() : quotaExceeded();
    } finally {
      if (!held) concurrency.leave(user);
    }
  };

  const latency = options.batchLatencyMs ?? 20;
  const server: JsonServer = await startJsonServer(async (request) => {
    if (request.method === 'POST' && request.path === '/token') return tokens.answer(request);
    if (request.method === 'POST' && request.path === '/batch/gmail/v1') {
      const held: string[] = [];
      try {
        const reply = await batchAnswer(
          request,
          (part) => apiCall(part, held),
          (call) => server.calls.push(call),
        );
        await new Promise((resolve) => setTimeout(resolve, latency));
        return reply;
      } finally {
        held.forEach((user) => concurrency.leave(user));
      }
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
    quota,
    concurrency,
    addMailbox: mailboxes.add,
    mailbox: mailboxes.mailbox,
    failNext: (failure, times) => failures.add(failure, times),
    revokeTokens: () => tokens.issued.clear(),
    tokenRequests: tokens.requests,
    server,
    close: () => server.close(),
  };
}
