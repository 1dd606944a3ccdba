import { defaultDeps, probeWith, providerError, type CloudDeps } from '../cloud-http';
import type {
  MailConnector,
  MessageChange,
  SyncBatch,
  SyncCursor,
  SyncedMessage,
  SyncTarget,
} from '../connector';
import { apiFailure, GmailApi, HistoryExpiredError, type GmailMessage } from './api';
import { GoogleTokens, type ServiceAccount } from './auth';
import { classify } from './messages';

// Google Workspace through a service account with domain-wide delegation. A first sync lists
// all of the mailbox's mail (whatever its labels: archived mail has no INBOX label), back to
// the mailbox's data_from; later syncs read history.list from the stored historyId, so a
// message archived, labelled, moved to spam or trash, or back, is read again. Every page is one
// batch whose cursor says where to go on, so a sync killed mid-way resumes at the page it was on.

/** Cursors from before every label was read (only INBOX and SENT) list the mailbox again. */
const CURSOR_VERSION = 2;

interface GoogleCursor {
  v: typeof CURSOR_VERSION;
  /** Where history.list starts once no listing is under way. */
  historyId: string;
  /** Messages yielded since the (last) full listing began: progress. */
  count: number;
  /** The profile's messagesTotal when the listing began. */
  total: number | null;
  /** Present while a full listing runs: the page it goes on with. */
  listing?: { pageToken: string | null };
}

function readCursor(cursor: SyncCursor | null): GoogleCursor | null {
  if (cursor === null || cursor.v !== CURSOR_VERSION || typeof cursor.historyId !== 'string') {
    return null;
  }
  return cursor as unknown as GoogleCursor;
}

const toCursor = (cursor: GoogleCursor): SyncCursor => ({ ...cursor });

/** The fetched messages (null: deleted since) as the messages to store and the changes. */
function sorted(fetched: readonly (GmailMessage | null)[], fromMs: number) {
  const messages: SyncedMessage[] = [];
  const changes: MessageChange[] = [];
  let older = 0;
  for (const gmail of fetched) {
    const taken = gmail && classify(gmail);
    if (!taken) continue;
    if ('change' in taken) changes.push(taken.change);
    else if (taken.message.sentAt.getTime() >= fromMs) messages.push(taken.message);
    else older += 1;
  }
  return { messages, changes, older };
}

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
      const page = await api.listPage(target.email, cursor.listing.pageToken, signal);
      const { messages, changes, older } = sorted(
        await api.metadata(target.email, page.ids, signal),
        from,
      );
      // Newest first: once a page reaches back past data_from, the listing is done.
      const done = !page.nextPageToken || older > 0;
      const count = cursor.count + messages.length;
      cursor = {
        v: CURSOR_VERSION,
        historyId: cursor.historyId,
        count,
        total: cursor.total,
        ...(done ? {} : { listing: { pageToken: page.nextPageToken ?? null } }),
      };
      yield {
        messages,
        changes,
        cursor: toCursor(cursor),
        historyLoaded: done,
        progress: { done: count, total: done ? count : Math.max(count, cursor.total ?? 0) },
      } satisfies SyncBatch;
    }
  }

  async function* fullSync(target: SyncTarget, signal: AbortSignal) {
    // The history id is taken before listing, so whatever arrives meanwhile comes by history.
    const profile = await api.profile(target.email, signal);
    const start: GoogleCursor = {
      v: CURSOR_VERSION,
      historyId: profile.historyId,
      count: 0,
      total: profile.messagesTotal,
      listing: { pageToken: null },
    };
    yield* listing(target, start, signal);
  }

  async function* history(target: SyncTarget, start: GoogleCursor, signal: AbortSignal) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    let pageToken: string | null = null;
    do {
      const page = await api.historyPage(target.email, start.historyId, pageToken, signal);
      // Every message added or relabelled (archived, filed, moved to spam or trash, or back) is
      // read again: its labels now say where it is.
      const touched = new Set<string>();
      for (const record of page.history ?? []) {
        for (const added of record.messagesAdded ?? []) touched.add(added.message.id);
        for (const added of record.labelsAdded ?? []) touched.add(added.message.id);
        for (const removed of record.labelsRemoved ?? []) touched.add(removed.message.id);
      }
      const { messages, changes } = sorted(
        await api.metadata(target.email, [...touched], signal),
        from,
      );
      pageToken = page.nextPageToken ?? null;
      const last = page.history?.at(-1)?.id;
      const historyId = pageToken ? (last ?? start.historyId) : String(page.historyId);
      const count = start.count + messages.length;
      yield {
        messages,
        changes,
        cursor: toCursor({ v: CURSOR_VERSION, historyId, count, total: start.total }),
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
