import {
  AUTO_REPLY_HEADERS,
  autoReplyOf,
  type MessageChange,
  type MessageHeaders,
  type SetAside,
  type SyncedMessage,
} from '../connector';

// A Gmail message as the sync sees it: with the gmail.metadata scope Gmail gives labels and the
// headers asked for, never bodies. All mail is read except drafts and chats; a message labelled
// SPAM or TRASH is set aside (stored messages leave the figures, and come back with the label).

export const METADATA_HEADERS = [
  'From',
  'To',
  'Cc',
  'Bcc',
  'Subject',
  'Message-ID',
  'In-Reply-To',
  'References',
  'Auto-Submitted',
  'Precedence',
  'List-Id',
  'Content-Type',
  'List-Unsubscribe',
  'X-Original-From',
  'Return-Path',
  ...AUTO_REPLY_HEADERS,
  'Reply-To',
] as const;

export interface GmailMessage {
  id: string;
  threadId: string;
  labelIds?: string[];
  internalDate: string;
  payload?: { headers?: { name: string; value: string }[] };
}

/** Not mail between people: a draft was never sent, a chat is Google Chat's history. */
const NOT_MAIL = ['DRAFT', 'CHAT'];

function headersOf(message: GmailMessage): MessageHeaders {
  const byName = new Map<string, string>();
  for (const { name, value } of message.payload?.headers ?? []) {
    const key = name.toLowerCase();
    if (!byName.has(key)) byName.set(key, value);
  }
  const get = (name: string) => byName.get(name.toLowerCase()) ?? null;
  return {
    from: get('From'),
    to: get('To'),
    cc: get('Cc'),
    bcc: get('Bcc'),
    subject: get('Subject'),
    messageId: get('Message-ID'),
    inReplyTo: get('In-Reply-To'),
    references: get('References'),
    autoSubmitted: get('Auto-Submitted'),
    precedence: get('Precedence'),
    listId: get('List-Id'),
    contentType: get('Content-Type'),
    listUnsubscribe: get('List-Unsubscribe'),
    originalFrom: get('X-Original-From'),
    returnPath: get('Return-Path'),
    autoReply: autoReplyOf(get),
    replyTo: get('Reply-To'),
  };
}

/**
 * The message with its labels by name (a user label's id is `Label_<n>`; exclusions name
 * labels as people see them). System labels are named by their ids.
 */
export function toSyncedMessage(
  message: GmailMessage,
  labelNames: ReadonlyMap<string, string> = new Map(),
): SyncedMessage {
  const labels = message.labelIds ?? [];
  return {
    providerId: message.id,
    threadKey: message.threadId,
    folder: null,
    labels: labels.map((id) => labelNames.get(id) ?? id),
    categories: [],
    inSentFolder: labels.includes('SENT'),
    sentAt: new Date(Number(message.internalDate)),
    headers: headersOf(message),
  };
}

interface Sorted {
  messages: SyncedMessage[];
  changes: MessageChange[];
}

/**
 * Sorts fetched messages: mail of the range to store, spam and trash to set aside (whatever
 * their date: a change only touches a stored message), drafts and chats dropped. `gone` are
 * messages deleted for good, set aside as trash.
 */
export function sortOut(
  fetched: readonly GmailMessage[],
  fromMs: number,
  labelNames: ReadonlyMap<string, string>,
  gone: readonly string[] = [],
): Sorted {
  const sorted: Sorted = { messages: [], changes: [] };
  for (const message of fetched) {
    const labels = message.labelIds ?? [];
    const setAside: SetAside | null = labels.includes('SPAM')
      ? 'spam'
      : labels.includes('TRASH')
        ? 'trash'
        : null;
    if (setAside) {
      const { providerId, labels: named, headers } = toSyncedMessage(message, labelNames);
      sorted.changes.push({ providerId, messageId: headers.messageId, setAside, labels: named });
    } else if (
      !labels.some((label) => NOT_MAIL.includes(label)) &&
      Number(message.internalDate) >= fromMs
    ) {
      sorted.messages.push(toSyncedMessage(message, labelNames));
    }
  }
  for (const providerId of gone) {
    sorted.changes.push({ providerId, messageId: null, setAside: 'trash' });
  }
  return sorted;
}
