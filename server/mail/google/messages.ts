import type { MessageChange, MessageHeaders, SetAside, SyncedMessage } from '../connector';
import type { GmailMessage } from './api';

// A Gmail message as the sync takes it. Gmail keeps one message under many labels; the
// statistics read every message but drafts and chats, and a message labelled SPAM or TRASH is
// set aside (users.messages.list leaves both out unless includeSpamTrash is true:
// https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/list).

/** Never a message the statistics read. */
const SKIPPED = new Set(['DRAFT', 'CHAT']);
const SET_ASIDE: Readonly<Record<string, SetAside>> = { SPAM: 'spam', TRASH: 'trash' };

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
    subject: get('Subject'),
    messageId: get('Message-ID'),
    inReplyTo: get('In-Reply-To'),
    references: get('References'),
    autoSubmitted: get('Auto-Submitted'),
    precedence: get('Precedence'),
    listId: get('List-Id'),
  };
}

function toSyncedMessage(message: GmailMessage): SyncedMessage {
  const labels = message.labelIds ?? [];
  return {
    providerId: message.id,
    threadKey: message.threadId,
    folder: null,
    labels,
    categories: [],
    inSentFolder: labels.includes('SENT'),
    sentAt: new Date(Number(message.internalDate)),
    headers: headersOf(message),
  };
}

/** What the sync does with a message: store it, set it aside (if stored), or leave it. */
export function classify(
  message: GmailMessage,
): { message: SyncedMessage } | { change: MessageChange } | null {
  const labels = message.labelIds ?? [];
  if (labels.some((label) => SKIPPED.has(label))) return null;
  const aside = labels.map((label) => SET_ASIDE[label]).find(Boolean);
  if (!aside) return { message: toSyncedMessage(message) };
  return {
    change: {
      providerId: message.id,
      messageId: headersOf(message).messageId,
      setAside: aside,
      labels,
    },
  };
}
