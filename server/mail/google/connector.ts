import { defaultDeps, probeWith, providerError, type CloudDeps } from '../cloud-http';
import { type MailConnector, type SyncBatch, type SyncCursor, type SyncTarget } from '../connector';
import { GoogleTokens, type ServiceAccount } from './auth';
import { apiFailure, GmailApi, HistoryExpiredError } from './api';
import { sortOut, type GmailMessage } from './messages';
import { DEFAULT_QUOTA_PER_MINUTE } from './quota';

// Google Workspace through a service account with domain-wide delegation. A first sync lists all
// the mailbox's mail (every label, archived mail included, not spam or trash) back to its
// data_from; later syncs read history.list from the stored historyId (a listing again, with spam
// and trash, when it expired). Every page is one batch
// whose cursor says where to go on, so a sync killed mid-way resumes at the page it was on.

/** The cursor's shape; a cursor of another version (INBOX and SENT only) is read again in full. */
const VERSION = 2;

interface GoogleCursor {
  version: typeof VERSION;
  /** Where history.list starts once no listing is under way. */
  historyId: string;
  /** Messages yielded since the (last) full listing began: progress. */
  count: number;
  /** The profile's messagesTotal when the listing began. */
  total: number | null;
  /**
   * Present while the full listing runs: the page it goes on with, and whether it lists spam
   * and trash too (a listing again, over stored mail: see `fullSync`).
   */
  listing?: { pageToken: string | null; spamTrash?: boolean };
}

function readCursor(cursor: SyncCursor | null): GoogleCursor | null {
  if (cursor === null || cursor.version !== VERSION || typeof cursor.historyId !== 'string') {
    return null;
  }
  return cursor as unknown as GoogleCursor;
}

const toCursor = (cursor: GoogleCursor): SyncCursor => ({ ...cursor });

const present = (message: GmailMessage | null): message is GmailMessage => message !== null;

interface GoogleAccount {
  serviceAccount: ServiceAccount;
}

interface GmailEndpoints {
  tokenUrl: string;
  apiBaseUrl: string;
  /** Gmail's per-user quota units a minute, which each mailbox's sync paces itself under. */
  quotaPerMinute?: number;
}

export function createGoogleConnector(
  account: GoogleAccount,
  endpoints: GmailEndpoints,
  deps?: Partial<CloudDeps>,
): MailConnector {
  const allDeps: CloudDeps = { ...defaultDeps, ...deps };
  const tokens = new GoogleTokens(account.serviceAccount, endpoints.tokenUrl, allDeps);
  const quota = endpoints.quotaPerMinute ?? DEFAULT_QUOTA_PER_MINUTE;
  const api = new GmailApi(endpoints.apiBaseUrl.replace(/\/+$/, ''), tokens, allDeps, quota);

  /** One page of the listing and each of its messages' labels and headers. */
  async function readPage(
    email: string,
    at: NonNullable<GoogleCursor['listing']>,
    signal: AbortSignal,
  ) {
    const page = await api.listPage(email, at.pageToken, at.spamTrash === true, signal);
    const fetched = (await api.metadata(email, page.ids, signal)).filter(present);
    return { nextPageToken: page.nextPageToken ?? null, fetched };
  }

  async function* listing(
    target: SyncTarget,
    start: GoogleCursor,
    names: ReadonlyMap<string, string>,
    signal: AbortSignal,
  ) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    // The next page is read while the worker stores this one, so Gmail's quota, not the
    // database, sets the pace (still one call in flight per mailbox). A consumer that stops
    // early aborts the read ahead.
    const ahead = new AbortController();
    const both = AbortSignal.any([signal, ahead.signal]);
    const readAhead = (at: NonNullable<GoogleCursor['listing']>) => {
      const read = readPage(target.email, at, both);
      read.catch(() => undefined);
      return read;
    };
    let cursor = start;
    const spamTrash = start.listing?.spamTrash;
    let next = cursor.listing ? readAhead(cursor.listing) : null;
    try {
      while (next) {
        const { fetched, nextPageToken } = await next;
        const sorted = sortOut(fetched, from, names);
        // The order within a page is not documented: only a page wholly older than data_from
        // says that the rest is older too.
        const older = fetched.length > 0 && fetched.every((m) => Number(m.internalDate) < from);
        const done = !nextPageToken || older;
        const count = cursor.count + sorted.messages.length;
        const { version, historyId, total } = cursor;
        const listing = { pageToken: nextPageToken, ...(spamTrash ? { spamTrash } : {}) };
        cursor = done
          ? { version, historyId, total, count }
          : { version, historyId, total, count, listing };
        next = done ? null : readAhead(listing);
        yield {
          ...sorted,
          cursor: toCursor(cursor),
          historyLoaded: done,
          progress: { done: count, total: done ? count : Math.max(count, cursor.total ?? 0) },
        } satisfies SyncBatch;
      }
    } finally {
      ahead.abort();
    }
  }

  /**
   * Lists the whole mailbox. `again` (mail is stored: the history expired, or an upgrade reads it
   * again) lists spam and trash too, so that what went there while no history was read is set
   * aside: no later history says it went ("If you receive an HTTP 404 error response, your
   * application should perform a full sync", users.history.list).
   */
  async function* fullSync(
    target: SyncTarget,
    names: ReadonlyMap<string, string>,
    again: boolean,
    signal: AbortSignal,
  ) {
    // The history id is taken before listing, so whatever arrives meanwhile comes by history.
    const profile = await api.profile(target.email, signal);
    const start: GoogleCursor = {
      version: VERSION,
      historyId: profile.historyId,
      count: 0,
      total: profile.messagesTotal,
      listing: { pageToken: null, ...(again ? { spamTrash: true } : {}) },
    };
    yield* listing(target, start, names, signal);
  }

  async function* history(
    target: SyncTarget,
    start: GoogleCursor,
    names: ReadonlyMap<string, string>,
    signal: AbortSignal,
  ) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    let pageToken: string | null = null;
    let count = start.count;
    do {
      const page = await api.historyPage(target.email, start.historyId, pageToken, signal);
      const touched = new Set<string>();
      const deleted = new Set<string>();
      for (const record of page.history ?? []) {
        for (const { message } of record.messagesAdded ?? []) touched.add(message.id);
        for (const { message } of record.labelsAdded ?? []) touched.add(message.id);
        for (const { message } of record.labelsRemoved ?? []) touched.add(message.id);
        for (const { message } of record.messagesDeleted ?? []) deleted.add(message.id);
      }
      const ids = [...touched].filter((id) => !deleted.has(id));
      const fetched = await api.metadata(target.email, ids, signal);
      // Deleted since the history said it changed: gone for good, as a deleted one is.
      const gone = [...deleted, ...ids.filter((_, i) => fetched[i] === null)];
      const sorted = sortOut(fetched.filter(present), from, names, gone);
      pageToken = page.nextPageToken ?? null;
      const last = page.history?.at(-1)?.id;
      const historyId = pageToken ? (last ?? start.historyId) : String(page.historyId);
      count += sorted.messages.length;
      yield {
        ...sorted,
        cursor: toCursor({ version: VERSION, historyId, count, total: start.total }),
        historyLoaded: true,
        progress: { done: count, total: Math.max(count, start.total ?? 0) },
      } satisfies SyncBatch;
    } while (pageToken);
  }

  async function* sync(target: SyncTarget, stored: SyncCursor | null, signal: AbortSignal) {
    try {
      const cursor = readCursor(stored);
      const names = await api.labelNames(target.email, signal);
      if (!cursor) yield* fullSync(target, names, stored !== null, signal);
      else if (cursor.listing) yield* listing(target, cursor, names, signal);
      else {
        try {
          yield* history(target, cursor, names, signal);
        } catch (error) {
          if (!(error instanceof HistoryExpiredError)) throw error;
          yield* fullSync(target, names, true, signal);
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
