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
  type MessageChange,
  type SyncBatch,
  type SyncCursor,
  type SyncedMessage,
  type SyncTarget,
} from '../connector';
import { discoverFolders, type GraphFolder } from './folders';
import {
  apiFailure,
  graphTokens,
  MESSAGE_FIELDS,
  toSyncedMessage,
  type DeltaPage,
  type MicrosoftAccount,
} from './graph';

// Microsoft 365 through an app registration with client credentials. Every mail folder but
// Deleted Items, Junk Email, Drafts, Outbox and Sync Issues is read with a delta query
// (server/mail/microsoft/folders.ts): a first round from data_from, then the stored delta link
// gives the changes since. Deleted Items and Junk Email are read first, only to set aside stored
// messages moved there; a message moved out of a folder shows up in the folder it went to, so
// its `@removed` entry changes nothing. Every page is one batch whose cursor holds the folder's
// next link, so a sync killed mid-way resumes at the page it was on.

/** Messages per delta page (Prefer: odata.maxpagesize). */
const PAGE_SIZE = 500;
/** Cursors from before every folder was read (inbox and sentitems only) start over. */
const CURSOR_VERSION = 2;

interface FolderState {
  /** The next link while a round runs, the delta link after it. */
  link: string;
  /** A round back to data_from has completed once. */
  loaded: boolean;
}

interface GraphCursor {
  v: typeof CURSOR_VERSION;
  /** By folder id. */
  folders: Record<string, FolderState>;
  count: number;
  total: number | null;
}

function readCursor(cursor: SyncCursor | null): GraphCursor | null {
  if (cursor === null || cursor.v !== CURSOR_VERSION) return null;
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

  const firstRound = (target: SyncTarget, folder: GraphFolder) => {
    const params = new URLSearchParams({
      $select: folder.setAside ? 'internetMessageId' : MESSAGE_FIELDS.join(','),
      $filter: `receivedDateTime ge ${target.dataFrom}T00:00:00Z`,
    });
    return `${userUrl(target.email)}/mailFolders/${folder.id}/messages/delta?${params}`;
  };

  /** A delta page as messages to store (a counted folder) or set aside (spam, trash). */
  const sortPage = (page: DeltaPage, folder: GraphFolder, fromMs: number) => {
    const messages: SyncedMessage[] = [];
    const changes: MessageChange[] = [];
    for (const item of page.value) {
      // Moved out or deleted: where it went reports it (deleted for good, it stays counted).
      if (item['@removed']) continue;
      if (folder.setAside) {
        const messageId = item.internetMessageId ?? null;
        changes.push({ providerId: item.id, messageId, setAside: folder.setAside });
      } else if (Date.parse(item.receivedDateTime ?? '') >= fromMs) {
        // The filter is Graph's; older mail is dropped here too, should a link lose it.
        messages.push(toSyncedMessage(item, folder));
      }
    }
    return { messages, changes };
  };

  async function* folderSync(
    target: SyncTarget,
    folder: GraphFolder,
    start: GraphCursor,
    loadedAll: (cursor: GraphCursor) => boolean,
    signal: AbortSignal,
  ) {
    const from = Date.parse(`${target.dataFrom}T00:00:00Z`);
    let cursor = start;
    let state = cursor.folders[folder.id];
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
      const { messages, changes } = sortPage(page, folder, from);
      const delta = page['@odata.deltaLink'];
      const next = page['@odata.nextLink'] ?? delta;
      if (!next)
        throw new MailProviderError('Microsoft Graph ended a delta page without a link', true);
      state = { link: next, loaded: (state?.loaded ?? false) || delta !== undefined };
      const count = cursor.count + messages.length;
      cursor = { ...cursor, folders: { ...cursor.folders, [folder.id]: state }, count };
      const loaded = loadedAll(cursor);
      yield {
        messages,
        changes,
        cursor: { ...cursor },
        historyLoaded: loaded,
        progress: { done: count, total: loaded ? count : Math.max(count, cursor.total ?? 0) },
      } satisfies SyncBatch;
      if (delta) return cursor;
      url = next;
    }
  }

  async function* sync(target: SyncTarget, stored: SyncCursor | null, signal: AbortSignal) {
    try {
      const plan = await discoverFolders((url) => get(url, signal), userUrl(target.email));
      const previous = readCursor(stored);
      const all = [...plan.setAside, ...plan.counted];
      // Folders that are gone (deleted, or moved to Deleted Items) leave the cursor.
      const folders = Object.fromEntries(
        all.flatMap((f) => (previous?.folders[f.id] ? [[f.id, previous.folders[f.id]!]] : [])),
      );
      let cursor: GraphCursor = {
        v: CURSOR_VERSION,
        folders,
        count: previous?.count ?? 0,
        total: previous?.total ?? plan.counted.reduce((sum, f) => sum + f.total, 0),
      };
      const loadedAll = (c: GraphCursor) => plan.counted.every((f) => c.folders[f.id]?.loaded);
      for (const folder of all) {
        cursor = yield* folderSync(target, folder, cursor, loadedAll, signal);
      }
    } catch (error) {
      throw providerError(error, apiFailure);
    }
  }

  const probe = (address: string) => {
    const signal = new AbortController().signal;
    const email = address.toLowerCase();
    return probeWith(async () => {
      await get(`${userUrl(email)}/mailboxSettings`, signal);
      const inbox = await get(`${userUrl(email)}/mailFolders/inbox?$select=totalItemCount`, signal);
      const count = (inbox as { totalItemCount?: unknown }).totalItemCount;
      return typeof count === 'number' ? count : 0;
    }, apiFailure);
  };

  return { probe, sync, close: async () => tokens.invalidate() };
}
