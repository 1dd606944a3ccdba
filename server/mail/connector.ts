// What every mail provider gives the sync: one interface, one folder per provider under
// server/mail/ (google, microsoft, imap, demo). Connectors only talk to the provider;
// server/mail/store.ts writes what they bring back, batch and cursor in one transaction.

/** A provider's position in a mailbox: history id, delta links, IMAP UIDs. Plain JSON. */
export type SyncCursor = { readonly [key: string]: unknown };

/** The raw header values the sync keeps (never bodies). Missing headers are null. */
export interface MessageHeaders {
  from: string | null;
  to: string | null;
  cc: string | null;
  /**
   * Bcc, which only the sender's copy keeps (RFC 5322 3.6.3: the sending server removes it):
   * read from the mailbox's sent mail, where the provider gives it.
   */
  bcc: string | null;
  subject: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string | null;
  autoSubmitted: string | null;
  precedence: string | null;
  listId: string | null;
  /** The top-level Content-Type: `multipart/report` is a delivery or read report (RFC 6522). */
  contentType: string | null;
  /** List-Unsubscribe (RFC 2369): mail sent to a list of recipients, such as a newsletter. */
  listUnsubscribe: string | null;
  /**
   * X-Original-From: the author, where a Google Group that relayed the message put its own
   * address in From (the sender's domain asks for DMARC `reject` or `quarantine`).
   */
  originalFrom: string | null;
  /** Return-Path, as the receiving server wrote it: `<>` on a notification such as a bounce. */
  returnPath: string | null;
  /** X-Autoreply, X-Autorespond or X-Autoresponder: an auto-responder's own mark. */
  autoReply: string | null;
  /** Reply-To: who answers go to; the author of what a web form or a list sent for them. */
  replyTo: string | null;
}

/**
 * Marks that auto-responders add instead of, or besides, Auto-Submitted (RFC 3834): read into
 * `autoReply`, the first one there.
 */
export const AUTO_REPLY_HEADERS = ['X-Autoreply', 'X-Autorespond', 'X-Autoresponder'] as const;

/** The first value `get` finds of the auto-responders' marks; `get` takes lower-case names. */
export function autoReplyOf(get: (name: string) => string | null): string | null {
  for (const name of AUTO_REPLY_HEADERS) {
    const value = get(name.toLowerCase());
    if (value !== null) return value;
  }
  return null;
}

/**
 * Where a stored message went when it left the mailbox's figures: spam or trash. It stays
 * stored, so moving it back restores it.
 */
export type SetAside = 'spam' | 'trash';

/**
 * A message in a folder or label the statistics read. The store keeps one row per message of a
 * mailbox: a message seen again (under another label, in another folder, as another IMAP copy)
 * is found by its provider id or its Message-ID and updated, never stored twice.
 */
export interface SyncedMessage {
  /** The provider's id: Gmail message id, Graph id, IMAP `<folder>:<uidvalidity>:<uid>`. */
  providerId: string;
  /** Gmail threadId, Graph conversationId; null for IMAP (threaded by the store). */
  threadKey: string | null;
  /** IMAP folder or Graph folder (`inbox`, `sentitems`); null for Gmail. */
  folder: string | null;
  /** Gmail labels. */
  labels: readonly string[];
  /** Graph categories. */
  categories: readonly string[];
  /** In the mailbox's sent folder or SENT label: outbound whoever the sender is. */
  inSentFolder: boolean;
  /** Gmail internalDate, Graph receivedDateTime or sentDateTime, IMAP INTERNALDATE. */
  sentAt: Date;
  headers: MessageHeaders;
  /**
   * An answer to a meeting invitation (accepted, tentative, declined: iCalendar METHOD:REPLY,
   * RFC 5546): a calendar's notice that waits for no answer. Absent where the provider does not
   * say (Gmail's metadata has no body structure).
   */
  meetingResponse?: boolean;
  /**
   * A meeting's cancellation (iCalendar METHOD:CANCEL, RFC 5546): a calendar's notice that waits
   * for no answer. Absent where the provider does not say.
   */
  meetingCancellation?: boolean;
}

interface SyncProgress {
  done: number;
  /** From the provider's message count; null when it gives none. */
  total: number | null;
}

/**
 * What the provider says of a message that may be stored: it went to spam or trash, or back
 * (`setAside` null), or some of its properties changed (a partial update carries only those).
 * It is found by `providerId`, else by its Message-ID; a change never stores a new message.
 */
export interface MessageChange {
  providerId: string;
  /** The raw Message-ID header, when known. */
  messageId: string | null;
  setAside: SetAside | null;
  /** Absent: unchanged. */
  folder?: string | null;
  labels?: readonly string[];
  categories?: readonly string[];
}

/** One batch: stored together with `cursor` in one transaction, so a kill loses nothing. */
export interface SyncBatch {
  /** Messages in folders the statistics read: stored, or updated (and restored) when stored. */
  messages: readonly SyncedMessage[];
  /** Applied after `messages`. */
  changes?: readonly MessageChange[];
  cursor: SyncCursor;
  /** True on the batch that completes the history back to data_from. */
  historyLoaded: boolean;
  progress: SyncProgress;
}

/** A stored message a connector asked about. */
export interface StoredCopy {
  /** The number that ends its provider id (an IMAP UID). */
  uid: number;
  providerId: string;
  /** Its Message-ID, `<…>`. */
  messageId: string;
}

/** Which stored IMAP copies left their folder: see StoredMail.missing. */
export interface MissingQuery {
  /** `<folder>:<uidvalidity>:`, what the provider ids of that folder's copies start with. */
  prefix: string;
  /** The UIDs the folder still holds, as inclusive ranges. */
  present: readonly (readonly [number, number])[];
  /** Only UIDs up to this one (later ones were not read yet). */
  upTo: number;
  /** Only UIDs above this one (the previous page's last). */
  after: number;
  limit: number;
}

/** What is stored, for a connector to compare with the provider (read only, no transaction). */
export interface StoredMail {
  /**
   * Stored messages still counted whose provider id is `prefix` and a UID that is not present,
   * in UID order: copies expunged from the folder since they were read.
   */
  missing(query: MissingQuery): Promise<StoredCopy[]>;
  /** Of these Message-IDs (`<…>`), those of stored messages still counted (not set aside). */
  counted(messageIds: readonly string[]): Promise<string[]>;
  /** The Message-IDs of stored messages still counted, by these provider ids. */
  messageIdsOf(providerIds: readonly string[]): Promise<Map<string, string>>;
}

export interface SyncTarget {
  /** The mailbox's address, lower-case. */
  email: string;
  /** The first day whose mail is synced (YYYY-MM-DD). */
  dataFrom: string;
  /** The mailbox's stored mail; without it, deletions the provider does not report go unseen. */
  stored?: StoredMail;
}

/** A failure a person can act on: `message` is a sentence shown as it is. */
export class MailProviderError extends Error {
  override readonly name = 'MailProviderError';

  constructor(
    message: string,
    /** False when retrying cannot help until someone changes a setting. */
    readonly transient: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type ProbeResult = { ok: true; messageCount: number | null } | { ok: false; reason: string };

export interface MailConnector {
  /** Whether the provider knows the address and lets us read it; the reason in words if not. */
  probe(address: string): Promise<ProbeResult>;
  /**
   * From `cursor` (null: from the start, back to data_from), yields batches up to now. A cursor
   * the provider has expired makes it start over in full; what is stored stays.
   */
  sync(
    target: SyncTarget,
    cursor: SyncCursor | null,
    signal: AbortSignal,
  ): AsyncIterable<SyncBatch>;
  close(): Promise<void>;
}
