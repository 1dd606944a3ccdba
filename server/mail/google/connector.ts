import { defaultDeps, probeWith, providerError, type CloudDeps } from '../cloud-http';
import { type MailConnector, type SyncBatch, type SyncCursor, type SyncTarget } from '../connector';
import { GoogleTokens, type ServiceAccount } from './auth';
import {
  apiFailure,
  GmailApi,
  HistoryExpiredError,
  toSyncedMessage,
  type GmailMessage,
} from './api';

// Google Workspace through a service account with domain-wide delegation. A first sync lists
// INBOX, then SENT, newest first, back to the mailbox's data_from; later syncs read
// history.list from the stored historyId. Every page is one batch whose cursor says where to go
// on, so a sync killed mid-way resumes at the page it was on.

const LABELS = ['INBOX', 'SENT'] as const;
type Label = (typeof LABELS)[number];

interface GoogleCursor {
  /** Where history.list starts once no listing is under way. */
  historyId: string;
  /** Messages yielded since the (last) full listing began: progress. */
  count: number;
  /** The profile's messagesTotal when the listing began. */
  total: number | null;
  /** Present while a full listing runs: the label and page it goes on with. */
  listing?: { label: Label; pageToken: string | null };
}

function readCursor(cursor: SyncCursor | null): GoogleCursor | null {
  if (cursor === null || typeof cursor.historyId !== 'string') return null;
  return cursor as unknown as GoogleCursor;
}

const toCursor = (cursor: GoogleCursor): SyncCursor => ({ ...cursor });

const isOurs = (labels: readonly string[] | undefined) =>
  (labels ?? []).some((label) => (LABELS as readonly string[]).includes(label));

interface GoogleAccount {
  serviceAccount: ServiceAccount;
}

export function createGoogleConnector(
  account: GoogleAccount,
  urls: { tokenUrl: string; apiBaseUrl: string },
  deps?: Partial<CloudDeps>,
): MailConnector {
  const allDeps: CloudDeps = { ...defaultDeps, ...deps };
  const tokens = new GoogleTokens(account.serviceAccount, urls.tokenUrl, allDeps);
  const api = new GmailApi(urls.apiBaseUrl.replace(/\/+$/, ''), tokens, allDeps);

  async function* listing(target: SyncTarget, start: GoogleCursor, signal: AbortSignal) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    let cursor = start;
    while (cursor.listing) {
      const { label, pageToken } = cursor.listing;
      const page = await api.listPage(target.email, label, pageToken, signal);
      const fetched = (await api.metadata(target.email, page.ids, signal)).filter(
        (message): message is GmailMessage => message !== null,
      );
      const kept = fetched.filter((message) => Number(message.internalDate) >= from);
      // Newest first: once a page reaches back past data_from, the label is done.
      const labelDone = !page.nextPageToken || kept.length < fetched.length;
      const nextLabel = LABELS[LABELS.indexOf(label) + 1];
      const next = labelDone
        ? nextLabel && { label: nextLabel, pageToken: null }
        : { label, pageToken: page.nextPageToken ?? null };
      const count = cursor.count + kept.length;
      cursor = {
        historyId: cursor.historyId,
        count,
        total: cursor.total,
        ...(next ? { listing: next } : {}),
      };
      yield {
        messages: kept.map(toSyncedMessage),
        cursor: toCursor(cursor),
        historyLoaded: !next,
        progress: { done: count, total: next ? Math.max(count, cursor.total ?? 0) : count },
      } satisfies SyncBatch;
    }
  }

  async function* fullSync(target: SyncTarget, signal: AbortSignal) {
    // The history id is taken before listing, so whatever arrives meanwhile comes by history.
    const profile = await api.profile(target.email, signal);
    const start: GoogleCursor = {
      historyId: profile.historyId,
      count: 0,
      total: profile.messagesTotal,
      listing: { label: 'INBOX', pageToken: null },
    };
    yield* listing(target, start, signal);
  }

  async function* history(target: SyncTarget, start: GoogleCursor, signal: AbortSignal) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    let pageToken: string | null = null;
    do {
      const page = await api.historyPage(target.email, start.historyId, pageToken, signal);
      const touched = new Set<string>();
      // A message that left INBOX or SENT is read again, so its stored labels follow.
      const left = new Set<string>();
      for (const record of page.history ?? []) {
        for (const added of record.messagesAdded ?? []) touched.add(added.message.id);
        for (const added of record.labelsAdded ?? []) touched.add(added.message.id);
        for (const removed of record.labelsRemoved ?? []) {
          touched.add(removed.message.id);
          if (isOurs(removed.labelIds)) left.add(removed.message.id);
        }
      }
      const fetched = await api.metadata(target.email, [...touched], signal);
      const kept = fetched.filter(
        (message): message is GmailMessage =>
          message !== null &&
          (isOurs(message.labelIds) || left.has(message.id)) &&
          Number(message.internalDate) >= from,
      );
      pageToken = page.nextPageToken ?? null;
      const last = page.history?.at(-1)?.id;
      const historyId = pageToken ? (last ?? start.historyId) : String(page.historyId);
      const count = start.count + kept.length;
      yield {
        messages: kept.map(toSyncedMessage),
        cursor: toCursor({ historyId, count, total: start.total }),
        historyLoaded: true,
        progress: { done: count, total: Math.max(count, start.total ?? 0) },
      } satisfies SyncBatch;
    } while (pageToken);
  }

  async function* sync(target: SyncTarget, stored: SyncCursor | null, signal: AbortSignal) {
    try {
      const cursor = readCursor(stored);
      if (!cursor) yield* fullSync(target, signal);
      else if (cursor.listing) yield* listing(target, cursor, signal);
      else {
        try {
          yield* history(target, cursor, signal);
        } catch (error) {
          if (!(error instanceof HistoryExpiredError)) throw error;
          yield* fullSync(target, signal);
        }
      }
    } catch (error) {
      throw providerError(error, apiFailure);
    }
  }

  const probe = (address: string) =>
    probeWith(
      async () =>
        (await api.profile(address.toLowerCase(), new AbortController().signal)).messagesTotal,
      apiFailure,
    );

  return {
    probe,
    sync,
    close: async () => tokens.clear(),
  };
}
