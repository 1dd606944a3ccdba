import type { FetchMessageObject } from 'imapflow';
import { MailProviderError, type MessageHeaders, type SyncedMessage } from './connector';

// What the IMAP connector needs besides the connection: the header fields it asks for, turning a
// fetched header block into a message, and the failures as sentences a person can act on.

/** Only these header fields are fetched (BODY.PEEK[HEADER.FIELDS (…)]): never bodies. */
export const HEADER_FIELDS = [
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'auto-submitted',
  'precedence',
  'list-id',
];

/** Header fields by lower-case name, first occurrence, continuation lines unfolded. */
function parseHeaderBlock(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

export interface FolderRef {
  path: string;
  uidValidity: string;
  isSent: boolean;
}

export function toSyncedMessage(folder: FolderRef, fetched: FetchMessageObject): SyncedMessage {
  const fields = parseHeaderBlock(fetched.headers?.toString('latin1') ?? '');
  const get = (name: string) => fields.get(name) ?? null;
  const headers: MessageHeaders = {
    from: get('from'),
    to: get('to'),
    cc: get('cc'),
    subject: get('subject'),
    messageId: get('message-id'),
    inReplyTo: get('in-reply-to'),
    references: get('references'),
    autoSubmitted: get('auto-submitted'),
    precedence: get('precedence'),
    listId: get('list-id'),
  };
  const internal = fetched.internalDate ?? get('date') ?? 0;
  return {
    providerId: `${folder.path}:${folder.uidValidity}:${fetched.uid}`,
    threadKey: null,
    folder: folder.path,
    labels: [],
    categories: [],
    inSentFolder: folder.isSent,
    sentAt: internal instanceof Date ? internal : new Date(internal),
    headers,
  };
}

interface ImapFailure {
  code?: unknown;
  authenticationFailed?: unknown;
  responseText?: unknown;
  message?: unknown;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
]);

const isTlsFailure = (code: string, message: string) =>
  /^ERR_(SSL|TLS)_/.test(code) ||
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) ||
  /wrong version number|ssl|tls|certificate/i.test(message);

/** An IMAP connection failure in words; `transient` when retrying later may help. */
export function describeImapFailure(
  error: unknown,
  where: { host: string; port: number; address: string; masterUser: string },
): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as ImapFailure;
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const server = `${where.host}:${where.port}`;
  if (failure.authenticationFailed === true) {
    return new MailProviderError(
      `The IMAP server ${server} refused the login to ${where.address} through the master user ` +
        `${where.masterUser}: the mailbox does not exist there, or the master user's name or ` +
        'password is wrong.',
      false,
      { cause: error },
    );
  }
  if (UNREACHABLE.has(code)) {
    return new MailProviderError(
      `We couldn't reach the IMAP server ${server} (${code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'no such host' : 'no answer'}). Check the host and port, or try again later.`,
      true,
      { cause: error },
    );
  }
  if (isTlsFailure(code, message)) {
    return new MailProviderError(
      `The secure (TLS) connection to the IMAP server ${server} failed (${code || message}): ` +
        'check that this port speaks TLS and that the server has a valid certificate.',
      false,
      { cause: error },
    );
  }
  return new MailProviderError(`The IMAP server ${server} failed: ${message}`, true, {
    cause: error,
  });
}
