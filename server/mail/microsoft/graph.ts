import { requestToken, TokenCache, type CloudDeps, type HttpError } from '../cloud-http';
import { readErrorBody } from '../provider-errors';
import { MICROSOFT_FAILURES } from './failures';
import { autoReplyOf, MailProviderError, type SyncedMessage } from '../connector';

// Microsoft Graph with application permissions: the client-credentials token, a Graph message
// as a SyncedMessage, and Graph's refusals in words.

const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

/** A mail folder the sync reads: its id, its path of display names, and whether it holds sent mail. */
export interface MailFolder {
  id: string;
  path: string;
  sent: boolean;
}

/** Only what the statistics need: no body, no preview. */
const MESSAGE_FIELDS = [
  'conversationId',
  'internetMessageId',
  'receivedDateTime',
  'sentDateTime',
  'from',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'subject',
  'categories',
  'internetMessageHeaders',
  'replyTo',
  'isDraft',
] as const;

/** MESSAGE_FIELDS as a `$select`. */
export const MESSAGE_SELECT = MESSAGE_FIELDS.join(',');

/**
 * Mail between people: not a draft. Drafts folder is not read, but a draft moved elsewhere stays
 * one (`isDraft`, "message resource type": https://learn.microsoft.com/graph/api/resources/message).
 */
export const isMail = (message: GraphMessage) => message.isDraft !== true;

export interface MicrosoftAccount {
  tenant: string;
  clientId: string;
  clientSecret: string;
}

interface Recipient {
  emailAddress?: { name?: string; address?: string };
}

export interface GraphMessage {
  id: string;
  conversationId?: string;
  internetMessageId?: string;
  receivedDateTime?: string;
  sentDateTime?: string;
  from?: Recipient;
  toRecipients?: Recipient[];
  ccRecipients?: Recipient[];
  /** The Bcc recipients: a sent item's only; received mail has none. */
  bccRecipients?: Recipient[];
  subject?: string;
  categories?: string[];
  internetMessageHeaders?: { name: string; value: string }[];
  /**
   * Reply-To as a property, which sent items have too, where they have no internet headers
   * ("message resource type": https://learn.microsoft.com/graph/api/resources/message).
   */
  replyTo?: Recipient[];
  parentFolderId?: string;
  /** A draft, wherever it was saved: not mail anyone sent or received. */
  isDraft?: boolean;
  /** Set for a type derived from message: `#microsoft.graph.eventMessageResponse` and the like. */
  '@odata.type'?: string;
  /** An event message's kind (`meetingCancelled` …); Graph leaves it out under a `$select`. */
  meetingMessageType?: string;
  '@removed'?: unknown;
}

/**
 * An answer to a meeting invitation (accepted, tentative, declined) is an eventMessageResponse
 * ("eventMessage resource type": https://learn.microsoft.com/graph/api/resources/eventmessage).
 */
const MEETING_RESPONSE = '#microsoft.graph.eventMessageResponse';

/**
 * A meeting's cancellation: an eventMessage whose meetingMessageType is `meetingCancelled`
 * ("eventMessage resource type", above). Graph returns no property of a derived type under a
 * `$select`, and refuses one named there ("Could not find a property named
 * 'meetingMessageType'": https://github.com/microsoftgraph/microsoft-graph-docs/issues/2018,
 * and the same of delta: microsoft-graph-docs/issues/2211), but gives the type: a bare
 * eventMessage, the base of invitations (eventMessageRequest) and answers (eventMessageResponse),
 * is the cancellation.
 */
function isMeetingCancellation(message: GraphMessage): boolean {
  if (message.meetingMessageType !== undefined) {
    return message.meetingMessageType === 'meetingCancelled';
  }
  return message['@odata.type'] === '#microsoft.graph.eventMessage';
}

/** A page of a delta round or of a folder's list. */
export interface GraphPage {
  value: GraphMessage[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/** A mailbox as an address-list header, so the store parses Graph and mail alike. */
function addressList(recipients: readonly Recipient[] | undefined): string | null {
  const parts = (recipients ?? []).flatMap(({ emailAddress }) => {
    if (!emailAddress?.address) return [];
    const name = emailAddress.name?.trim();
    return [
      name ? `"${name.replace(/["\\]/g, '\\$&')}" <${emailAddress.address}>` : emailAddress.address,
    ];
  });
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The message as it sits in `folder`. Outbound (rule 1) in the sent folder or from the mailbox:
 * dated when it was sent; otherwise when it was received. Sent items carry no internet headers
 * (they never crossed a transport), so In-Reply-To and the like are null there: threads come
 * from conversationId.
 */
export function toSyncedMessage(
  message: GraphMessage,
  folder: MailFolder,
  mailbox: string,
): SyncedMessage {
  const headers = new Map<string, string>();
  for (const { name, value } of message.internetMessageHeaders ?? []) {
    if (!headers.has(name.toLowerCase())) headers.set(name.toLowerCase(), value);
  }
  const header = (name: string) => headers.get(name) ?? null;
  const received = message.receivedDateTime ?? message.sentDateTime ?? '';
  const fromMailbox = message.from?.emailAddress?.address?.toLowerCase() === mailbox;
  const at = folder.sent || fromMailbox ? (message.sentDateTime ?? received) : received;
  return {
    providerId: message.id,
    threadKey: message.conversationId || null,
    folder: folder.path,
    labels: [],
    categories: message.categories ?? [],
    inSentFolder: folder.sent,
    sentAt: new Date(at),
    headers: {
      from: addressList(message.from ? [message.from] : []),
      to: addressList(message.toRecipients),
      cc: addressList(message.ccRecipients),
      bcc: addressList(message.bccRecipients),
      subject: message.subject ?? null,
      messageId: message.internetMessageId ?? null,
      inReplyTo: header('in-reply-to'),
      references: header('references'),
      autoSubmitted: header('auto-submitted'),
      precedence: header('precedence'),
      listId: header('list-id'),
      contentType: header('content-type'),
      listUnsubscribe: header('list-unsubscribe'),
      originalFrom: header('x-original-from'),
      returnPath: header('return-path'),
      autoReply: autoReplyOf(header),
      replyTo: header('reply-to') ?? addressList(message.replyTo),
    },
    // Only a yes: an update in a delta round may name only what changed.
    ...(message['@odata.type'] === MEETING_RESPONSE ? { meetingResponse: true } : {}),
    ...(isMeetingCancellation(message) ? { meetingCancellation: true } : {}),
  };
}

/** The token endpoint's documented refusals, as sentences. */
export function tokenFailure(body: unknown): string | null {
  const { code, message } = readErrorBody(body);
  if (message.includes('AADSTS7000215') || code === 'invalid_client') {
    return MICROSOFT_FAILURES.secretRefused;
  }
  if (message.includes('AADSTS700016')) return MICROSOFT_FAILURES.unknownApp;
  if (message.includes('AADSTS90002')) return MICROSOFT_FAILURES.unknownTenant;
  return null;
}

/** A refusal of the Graph API, with a sentence where one is documented. */
export function apiFailure(error: HttpError): MailProviderError {
  const { code, message } = readErrorBody(error.body);
  const sentence = {
    ErrorInvalidUser: MICROSOFT_FAILURES.unknownMailbox,
    MailboxNotEnabledForRESTAPI: MICROSOFT_FAILURES.notEnabled,
    ErrorAccessDenied: MICROSOFT_FAILURES.accessDenied,
  }[code];
  return new MailProviderError(
    sentence ?? `Microsoft Graph refused the request (${error.status} ${code}: ${message})`,
    false,
  );
}

export function graphTokens(
  account: MicrosoftAccount,
  loginBaseUrl: string,
  deps: CloudDeps,
): TokenCache {
  const url = `${loginBaseUrl}/${encodeURIComponent(account.tenant)}/oauth2/v2.0/token`;
  const form = {
    client_id: account.clientId,
    client_secret: account.clientSecret,
    scope: GRAPH_SCOPE,
    grant_type: 'client_credentials',
  };
  const refused = (error: HttpError) => {
    const { code, message } = readErrorBody(error.body);
    return tokenFailure(error.body) ?? `Microsoft refused a token (${code}: ${message})`;
  };
  return new TokenCache(
    (signal) => requestToken(url, form, { provider: 'Microsoft', deps, signal }, refused),
    deps.now,
  );
}
