import {
  callJson,
  defaultDeps,
  HttpError,
  probeWith,
  providerError,
  type CloudDeps,
} from '../cloud-http';
import {
  MailProviderError,
  type MailConnector,
  type SyncBatch,
  type SyncCursor,
  type SyncTarget,
} from '../connector';
import {
  apiFailure,
  FOLDERS,
  graphTokens,
  MESSAGE_FIELDS,
  toSyncedMessage,
  type DeltaPage,
  type GraphFolder,
  type MicrosoftAccount,
} from './graph';

// Microsoft 365 through an app registration with client credentials. Each folder (inbox, sent
// items) is read with a delta query: a first round from data_from, then the stored delta link
// gives the changes since. Every page is one batch whose cursor holds the folder's next link,
// so a sync killed mid-way resumes at the page it was on.

/** Messages per delta page (Prefer: odata.maxpagesize). */
const PAGE_SIZE = 500;

interface FolderState {
  /** The next link while a round runs, the delta link after it. */
  link: string;
  /** A round back to data_from has completed once. */
  loaded: boolean;
}

interface GraphCursor {
  inbox?: FolderState;
  sentitems?: FolderState;
  count: number;
  total: number | null;
}

function readCursor(cursor: SyncCursor | null): GraphCursor {
  if (cursor === null || typeof cursor.count !== 'number') return { count: 0, total: null };
  return cursor as unknown as GraphCursor;
}

export function createMicrosoftConnector(
  account: MicrosoftAccount,
  urls: { loginBaseUrl: string; graphBaseUrl: string },
  deps?: Partial<CloudDeps>,
): MailConnector {
  const allDeps: CloudDeps = { ...defaultDeps, ...deps };
  const graph = urls.graphBaseUrl.replace(/\/+$/, '');
  const tokens = graphTokens(account, urls.loginBaseUrl.replace(/\/+$/, ''), allDeps);
  const userUrl = (address: string) => `${graph}/v1.0/users/${encodeURIComponent(address)}`;

  const get = (url: string, signal: AbortSignal, headers?: Record<string, string>) => {
    // Links come back from Graph; the bearer token goes to Graph only.
    if (!url.startsWith(`${graph}/`)) {
      throw new MailProviderError(`Microsoft Graph sent a link outside ${graph}`, false);
    }
    return callJson(
      { url, headers },
      { provider: 'Microsoft', deps: allDeps, signal, bearer: tokens },
    );
  };

  const folderCount = async (address: string, folder: GraphFolder, signal: AbortSignal) => {
    const reply = await get(
      `${userUrl(address)}/mailFolders/${folder}?$select=totalItemCount`,
      signal,
    );
    const count = (reply as { totalItemCount?: unknown }).totalItemCount;
    return typeof count === 'number' ? count : 0;
  };

  const firstRound = (target: SyncTarget, folder: GraphFolder) => {
    const params = new URLSearchParams({
      $select: MESSAGE_FIELDS.join(','),
      $filter: `receivedDateTime ge ${target.dataFrom}T00:00:00Z`,
    });
    return `${userUrl(target.email)}/mailFolders/${folder}/messages/delta?${params}`;
  };

  async function* folderSync(
    target: SyncTarget,
    folder: GraphFolder,
    start: GraphCursor,
    signal: AbortSignal,
  ) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    let cursor = start;
    let state = cursor[folder];
    let url = state?.link ?? firstRound(target, folder);
    for (;;) {
      let page: DeltaPage;
      try {
        page = (await get(url, signal, { prefer: `odata.maxpagesize=${PAGE_SIZE}` })) as DeltaPage;
      } catch (error) {
        // 410: the delta token expired; read the folder again in full, what is stored stays.
        if (
          !(error instanceof HttpError && error.status === 410) ||
          url === firstRound(target, folder)
        ) {
          throw error;
        }
        url = firstRound(target, folder);
        continue;
      }
      // The filter is Graph's; older mail is dropped here too, should a link lose it.
      const messages = page.value
        .filter((m) => !m['@removed'] && Date.parse(m.receivedDateTime ?? '') >= from)
        .map((message) => toSyncedMessage(message, folder));
      const delta = page['@odata.deltaLink'];
      const next = page['@odata.nextLink'] ?? delta;
      if (!next)
        throw new MailProviderError('Microsoft Graph ended a delta page without a link', true);
      state = { link: next, loaded: (state?.loaded ?? false) || delta !== undefined };
      const count = cursor.count + messages.length;
      cursor = { ...cursor, [folder]: state, count };
      const loaded = FOLDERS.every((name) => cursor[name]?.loaded);
      yield {
        messages,
        cursor: { ...cursor },
        historyLoaded: loaded,
        progress: { done: count, total: loaded ? count : Math.max(count, cursor.total ?? 0) },
      } satisfies SyncBatch;
      if (delta) return cursor;
      url = next;
    }
  }

  async function* sync(target: SyncTarget, stored: SyncCursor | null, signal: AbortSignal) {
    let cursor = readCursor(stored);
    try {
      if (stored === null) {
        const counts = await Promise.all(FOLDERS.map((f) => folderCount(target.email, f, signal)));
        cursor = { count: 0, total: counts.reduce((sum, n) => sum + n, 0) };
      }
      for (const folder of FOLDERS) cursor = yield* folderSync(target, folder, cursor, signal);
    } catch (error) {
      throw providerError(error, apiFailure);
    }
  }

  const probe = (address: string) => {
    const signal = new AbortController().signal;
    const email = address.toLowerCase();
    return probeWith(async () => {
      await get(`${userUrl(email)}/mailboxSettings`, signal);
      return folderCount(email, 'inbox', signal);
    }, apiFailure);
  };

  return { probe, sync, close: async () => tokens.invalidate() };
}
