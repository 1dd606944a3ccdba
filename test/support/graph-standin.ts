/**
 * A stand-in for the Microsoft identity platform's token endpoint and Microsoft Graph's mail
 * API on 127.0.0.1.
 *
 *   const graph = await startGraphStandin();
 *   createMicrosoftConnector(graph.account, { loginBaseUrl: graph.loginBaseUrl,
 *     graphBaseUrl: graph.graphBaseUrl })
 *   const box = graph.addMailbox('sales@acme.example')
 *   const id = box.add('inbox', { received, from, subject })   in a folder: a well-known name,
 *                                    a display path (`Customers/Acme`, made by createFolder) or id
 *   box.move(id, 'archive'); box.delete(id); box.categorize(id, ['Red']); box.markRead(id)
 *   box.add(…, { internetMessageId })   again, in another folder: a copy of the same message
 *   box.expireDeltaLinks()            its delta links answer 410 SyncStateNotFound from now on
 *   box.replay = true                 each next delta round repeats the last one's changes
 *   graph.failNext({ status: 429, retryAfter: 3 })   the next API call answers that
 *   graph.adminConsent = false        no mailbox may be read (403)
 *
 * The token endpoint checks the client-credentials grant as Microsoft's does: the tenant, the
 * client id, the client secret (AADSTS7000215 when wrong) and the `.default` scope. Every API
 * call needs a bearer token it issued and not yet revoked. Folders, ids and delta queries are
 * modelled in graph-standin-folders.ts, graph-standin-mail.ts and graph-standin-delta.ts.
 *
 * Throttling ("Microsoft Graph service-specific throttling limits", Outlook service limits:
 * https://learn.microsoft.com/graph/throttling-limits#outlook-service-limits): at most four
 * requests at once per app and mailbox; a fifth answers 429 with Retry-After
 * ("Microsoft Graph throttling guidance": https://learn.microsoft.com/graph/throttling).
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
import { delta, listMessages, readPrefer } from './graph-standin-delta';
import { graphError, itemNotFound } from './graph-standin-folders';
import { GraphMailbox } from './graph-standin-mail';
import { messagesByInternetId } from './graph-standin-search';
import { tokenRefusal } from './graph-standin-token';

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
  /** Requests refused for the per-mailbox concurrency limit. */
  throttled: number;
  server: JsonServer;
  close(): Promise<void>;
}

const CONCURRENT_PER_MAILBOX = 4;

/** A page of folders, `$top` (10 by default) from `$skip`, with the next link. */
function folderPage(box: GraphMailbox, request: StandinRequest, parentId: string, link: string) {
  const { query } = request;
  const top = Number(query.get('$top') ?? 10);
  const skip = Number(query.get('$skip') ?? 0);
  // Top-level listings leave hidden folders out unless asked (mailFolder list).
  const hidden = query.get('includeHiddenFolders') === 'true' || parentId !== box.folders.rootId;
  const all = box.folders.children(parentId, hidden);
  const value = all.slice(skip, skip + top).map((folder) => box.folderAnswer(folder).body);
  const next = new URLSearchParams(query);
  next.set('$skip', String(skip + top));
  const more = skip + top < all.length ? { '@odata.nextLink': `${link}?${next}` } : {};
  return { status: 200, body: { value, ...more } };
}

/** `/v1.0/users/{upn}/…` once the caller's token and the mailbox are known good. */
function mailAnswer(request: StandinRequest, box: GraphMailbox, rest: string[], base: string) {
  const path = rest.join('/');
  const users = `${base}/v1.0/users/${encodeURIComponent(box.email)}`;
  if (path === 'mailboxSettings') {
    return {
      status: 200,
      body: {
        timeZone: 'UTC',
        language: { locale: 'en-GB' },
        automaticRepliesSetting: { status: 'disabled' },
      },
    };
  }
  if (path === 'mailFolders') {
    return folderPage(box, request, box.folders.rootId, `${users}/mailFolders`);
  }
  if (path === 'messages') return messagesByInternetId(box, request);
  if (rest[0] === 'messages' && rest.length === 2) {
    const select = (request.query.get('$select') ?? '').split(',').filter(Boolean);
    return box.getMessage(rest[1] ?? '', select, readPrefer(request.headers).immutable);
  }
  const [mailFolders, ref = '', ...below] = rest;
  const folder = mailFolders === 'mailFolders' ? box.folders.find(ref) : undefined;
  if (!folder) return itemNotFound();
  const tail = below.join('/');
  if (tail === '') return box.folderAnswer(folder);
  if (tail === 'childFolders') {
    return folderPage(box, request, folder.id, `${users}/mailFolders/${folder.id}/childFolders`);
  }
  if (tail === 'messages') return listMessages(box, folder, request, base);
  if (tail === 'messages/delta') return delta(box, folder, request, base);
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
  const app = { adminConsent: true, throttled: 0 };
  const inFlight = new Map<string, number>();
  let base = '';

  const tokenAnswer = async (request: StandinRequest, tenant: string): Promise<Reply> => {
    const refusal = tokenRefusal(await request.form(), tenant, account);
    tokenRequests.push({ error: refusal ? String((refusal.body as { error: string }).error) : '' });
    if (refusal) return refusal;
    const token = `eyJ0.${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return {
      status: 200,
      body: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token },
    };
  };

  const apiAnswer = (request: StandinRequest, upn: string, rest: string[]): Reply => {
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
    const box = mailboxes.byEmail.get(upn.toLowerCase());
    if (!box) return graphError(404, 'ErrorInvalidUser', `The requested user '${upn}' is invalid.`);
    if (!box.restEnabled) {
      return graphError(
        404,
        'MailboxNotEnabledForRESTAPI',
        'The mailbox is either inactive, soft-deleted, or is hosted on-premise.',
      );
    }
    if (box.accessDenied || !app.adminConsent) {
      return graphError(
        403,
        'ErrorAccessDenied',
        'Access is denied. Check credentials and try again.',
      );
    }
    return mailAnswer(request, box, rest, base);
  };

  const server = await startJsonServer(async (request) => {
    const segments = request.path.split('/').slice(1);
    if (
      request.method === 'POST' &&
      segments.length === 4 &&
      segments.slice(1).join('/') === 'oauth2/v2.0/token'
    ) {
      return tokenAnswer(request, segments[0] ?? '');
    }
    const [version, users, upn, ...rest] = segments;
    if (request.method !== 'GET' || version !== 'v1.0' || users !== 'users' || !upn) {
      return graphError(400, 'BadRequest', 'Resource not found for the segment.');
    }
    const key = upn.toLowerCase();
    if ((inFlight.get(key) ?? 0) >= CONCURRENT_PER_MAILBOX) {
      app.throttled += 1;
      const reply = graphError(
        429,
        'ApplicationThrottled',
        'Application is over its MailboxConcurrency limit.',
      );
      return { ...reply, headers: { 'retry-after': '1' } };
    }
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    // Freed as the answer goes out (on the next turn, see startJsonServer).
    setImmediate(() => inFlight.set(key, (inFlight.get(key) ?? 1) - 1));
    return apiAnswer(request, upn, rest);
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
    get throttled() {
      return app.throttled;
    },
    server,
    close: () => server.close(),
  };
}
