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
  subject: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string | null;
  autoSubmitted: string | null;
  precedence: string | null;
  listId: string | null;
}

export interface SyncedMessage {
  /** Unique within the mailbox: Gmail message id, Graph id, IMAP `<folder>:<uidvalidity>:<uid>`. */
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
}

interface SyncProgress {
  done: number;
  /** From the provider's message count; null when it gives none. */
  total: number | null;
}

/** One batch: stored together with `cursor` in one transaction, so a kill loses nothing. */
export interface SyncBatch {
  messages: readonly SyncedMessage[];
  cursor: SyncCursor;
  /** True on the batch that completes the history back to data_from. */
  historyLoaded: boolean;
  progress: SyncProgress;
}

export interface SyncTarget {
  /** The mailbox's address, lower-case. */
  email: string;
  /** The first day whose mail is synced (YYYY-MM-DD). */
  dataFrom: string;
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
