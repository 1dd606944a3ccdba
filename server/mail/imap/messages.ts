import type { FetchMessageObject } from 'imapflow';
import type { MessageHeaders, SyncedMessage } from '../connector';

// What the IMAP connector needs besides the connection: the header fields it asks for, and
// turning a fetched header block into a message.

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
