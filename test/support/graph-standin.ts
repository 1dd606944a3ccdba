/**
 * A stand-in for the Microsoft identity platform's token endpoint and Microsoft Graph's mail
 * API on 127.0.0.1.
 *
 *   const graph = await startGraphStandin();
 *   createMicrosoftConnector(graph.account, { loginBaseUrl: graph.loginBaseUrl,
 *     graphBaseUrl: graph.graphBaseUrl })
 *   graph.addMailbox('sales@acme.example').add('inbox', { received, from, subject })
 *   graph.failNext({ status: 429, retryAfter: 3 })   the next API call answers that
 *   graph.mailbox(address).expireDeltaLinks()        its links answer 410 from now on
 *   graph.adminConsent = false                       no mailbox may be read (403)
 *
 * The token endpoint checks the client-credentials grant as Microsoft's does: the tenant, the
 * client id, the client secret (AADSTS7000215 when wrong) and the `.default` scope. Every API
 * call needs a bearer token it issued and not yet revoked.
 */
import { randomBytes } from 'node:crypto';
import {
  bearerOf,
  FailureQueue,
  MailboxRegistry,
  startJsonServer,
  type InjectedFailure,
  type JsonServer,
  type Reply,
  type StandinRequest,
} from './http-standin';
import { GraphMailbox, graphError } from './graph-standin-mail';

export type { GraphMessageInput } from './graph-standin-mail';

export interface GraphStandin {
  loginBaseUrl: string;
  graphBaseUrl: string;
  /** The registered app: the tenant it lives in, its client id and its secret. */
  account: { tenant: string; clientId: string; clientSecret: string };
  addMailbox(email: string): GraphMailbox;
  mailbox(email: string): GraphMailbox;
  failNext(failure: InjectedFailure, times?: number): void;
  revokeTokens(): void;
  /**
   * An administrator consented to the app's application permissions. Without it tokens are
   * still issued, with no roles, and every mailbox answers 403 ErrorAccessDenied.
   */
  adminConsent: boolean;
  /** Every token request with the error it got ('' when a token was issued). */
  tokenRequests: { error: string }[];
  server: JsonServer;
  close(): Promise<void>;
}

const oauthError = (status: number, error: string, description: string): Reply => ({
  status,
  body: {
    error,
    error_description: description,
    error_codes: [Number(/AADSTS(\d+)/.exec(description)?.[1])],
  },
});

function tokenRefusal(
  form: URLSearchParams,
  tenant: string,
  account: GraphStandin['account'],
): Reply | null {
  if (tenant !== account.tenant) {
    return oauthError(
      400,
      'invalid_request',
      `AADSTS90002: Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID.`,
    );
  }
  if (form.get('grant_type') !== 'client_credentials') {
    return oauthError(
      400,
      'unsupported_grant_type',
      'AADSTS70003: The app requested an unsupported grant type.',
    );
  }
  if (form.get('client_id') !== account.clientId) {
    return oauthError(
      400,
      'unauthorized_client',
      `AADSTS700016: Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory '${tenant}'.`,
    );
  }
  if (form.get('client_secret') !== account.clientSecret) {
    return oauthError(
      401,
      'invalid_client',
      "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '" +
        account.clientId +
        "'.",
    );
  }
  if (form.get('scope') !== 'https://graph.microsoft.com/.default') {
    return oauthError(
      400,
      'invalid_scope',
      'AADSTS1002012: The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.',
    );
  }
  return null;
}

/** `/v1.0/users/{upn}/…` once the caller's token and the mailbox are known good. */
function mailAnswer(
  request: StandinRequest,
  mailbox: GraphMailbox,
  rest: string[],
  linkBase: string,
): Reply {
  if (rest.join('/') === 'mailboxSettings') {
    return {
      status: 200,
      body: {
        timeZone: 'UTC',
        language: { locale: 'en-GB' },
        automaticRepliesSetting: { status: 'disabled' },
      },
    };
  }
  const [mailFolders, folder, messages, delta] = rest;
  if (mailFolders !== 'mailFolders' || (folder !== 'inbox' && folder !== 'sentitems')) {
    return graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
  }
  if (messages === undefined) {
    const displayName = folder === 'inbox' ? 'Inbox' : 'Sent Items';
    return {
      status: 200,
      body: {
        id: `folder-${folder}`,
        displayName,
        totalItemCount: mailbox.count(folder),
      },
    };
  }
  if (messages === 'messages' && delta === 'delta' && rest.length === 4) {
    const size = Number(
      /odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 10,
    );
    return mailbox.delta(folder, request.query, size, linkBase);
  }
  return graphError(400, 'BadRequest', 'Unsupported segment');
}

export async function startGraphStandin(): Promise<GraphStandin> {
  const account = {
    tenant: 'acme-standin.onmicrosoft.com',
    clientId: '6731de76-14a6-49ae-97bc-6eba6914391e',
    clientSecret: randomBytes(30).toString('base64url'),
  };
  const mailboxes = new MailboxRegistry((email) => new GraphMailbox(email));
  const tokens = new Set<string>();
  const tokenRequests: { error: string }[] = [];
  const failures = new FailureQueue();
  const app = { adminConsent: true };
  let base = '';

  const server = await startJsonServer(async (request) => {
    const segments = request.path.split('/').slice(1);
    if (
      request.method === 'POST' &&
      segments.length === 4 &&
      segments.slice(1).join('/') === 'oauth2/v2.0/token'
    ) {
      const refusal = tokenRefusal(await request.form(), segments[0] ?? '', account);
      tokenRequests.push({
        error: refusal ? String((refusal.body as { error: string }).error) : '',
      });
      if (refusal) return refusal;
      const token = `eyJ0.${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return {
        status: 200,
        body: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token },
      };
    }
    const [version, users, upn, ...rest] = segments;
    if (request.method !== 'GET' || version !== 'v1.0' || users !== 'users' || !upn) {
      return graphError(400, 'BadRequest', 'Resource not found for the segment.');
    }
    if (!tokens.has(bearerOf(request.headers) ?? '')) {
      return graphError(
        401,
        'InvalidAuthenticationToken',
        'Access token has expired or is not yet valid.',
      );
    }
    const injected = failures.take(request.path, (status) =>
      status === 429
        ? graphError(
            429,
            'ApplicationThrottled',
            'Application is over its MailboxConcurrency limit.',
          ).body
        : graphError(status, 'ServiceNotAvailable', 'Service unavailable').body,
    );
    if (injected) return injected;
    const mailbox = mailboxes.byEmail.get(upn.toLowerCase());
    if (!mailbox)
      return graphError(404, 'ErrorInvalidUser', `The requested user '${upn}' is invalid.`);
    if (!mailbox.restEnabled) {
      return graphError(
        404,
        'MailboxNotEnabledForRESTAPI',
        'The mailbox is either inactive, soft-deleted, or is hosted on-premise.',
      );
    }
    if (mailbox.accessDenied || !app.adminConsent)
      return graphError(
        403,
        'ErrorAccessDenied',
        'Access is denied. Check credentials and try again.',
      );
    return mailAnswer(request, mailbox, rest, base);
  });
  base = server.url;

  return {
    loginBaseUrl: server.url,
    graphBaseUrl: server.url,
    account,
    addMailbox: mailboxes.add,
    mailbox: mailboxes.mailbox,
    failNext: (failure, times) => failures.add(failure, times),
    revokeTokens: () => tokens.clear(),
    get adminConsent() {
      return app.adminConsent;
    },
    set adminConsent(granted: boolean) {
      app.adminConsent = granted;
    },
    tokenRequests,
    server,
    close: () => server.close(),
  };
}
