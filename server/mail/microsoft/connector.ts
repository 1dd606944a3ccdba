import { defaultDeps, probeWith, providerError, type CloudDeps } from '../cloud-http';
import type { MailConnector, SyncBatch, SyncCursor, SyncTarget } from '../connector';
import { GraphClient } from './client';
import { freshFolder, readFolder, type FolderContext, type FolderState } from './folder-sync';
import { mailboxFolders } from './folders';
import { apiFailure, graphTokens, type MicrosoftAccount } from './graph';

// Microsoft 365 through an app registration with client credentials. Every mail folder but
// Deleted Items, Junk Email, Drafts, Outbox and Sync Issues is read (server/mail/microsoft/
// folders.ts), each on its own (server/mail/microsoft/folder-sync.ts): a delta query for its
// changes, its history by the message list back to data_from. Every page is one batch whose
// cursor holds each folder's links, so a sync killed mid-way resumes at the page it was on.

/** The cursor's shape; a cursor of another version (inbox and sent items only) starts over. */
const VERSION = 2;

interface GraphCursor {
  version: typeof VERSION;
  /** By folder id. A folder no longer there is dropped; a new one starts fresh. */
  folders: Record<string, FolderState>;
  count: number;
  total: number | null;
}

function readCursor(cursor: SyncCursor | null): GraphCursor | null {
  if (cursor === null || cursor.version !== VERSION || typeof cursor.folders !== 'object') {
    return null;
  }
  return cursor as unknown as GraphCursor;
}

const loaded = (state: FolderState | undefined) =>
  state !== undefined && state.tracked && state.history === 'done';

export function createMicrosoftConnector(
  account: MicrosoftAccount,
  urls: { loginBaseUrl: string; graphBaseUrl: string },
  deps?: Partial<CloudDeps>,
): MailConnector {
  const allDeps: CloudDeps = { ...defaultDeps, ...deps };
  const tokens = graphTokens(account, urls.loginBaseUrl.replace(/\/+$/, ''), allDeps);
  const client = new GraphClient(urls.graphBaseUrl.replace(/\/+$/, ''), tokens, allDeps);

  const folderCount = async (address: string, folder: string, signal: AbortSignal) => {
    const url = `${client.userUrl(address)}/mailFolders/${folder}?$select=totalItemCount`;
    const count = ((await client.get(url, signal)) as { totalItemCount?: unknown }).totalItemCount;
    return typeof count === 'number' ? count : 0;
  };

  async function* sync(target: SyncTarget, stored: SyncCursor | null, signal: AbortSignal) {
    try {
      const folders = await mailboxFolders(client, target.email, signal);
      const previous = readCursor(stored);
      // Only the folders there now: one deleted or left out since is forgotten.
      let cursor: GraphCursor = {
        version: VERSION,
        folders: Object.fromEntries(
          folders.read.map((f) => [f.id, previous?.folders[f.id] ?? freshFolder()]),
        ),
        count: previous?.count ?? 0,
        total: previous?.total ?? folders.total,
      };
      const ctx: FolderContext = {
        client,
        email: target.email,
        fromIso: `${target.dataFrom}T00:00:00Z`,
        folders,
        ...(target.stored ? { stored: target.stored } : {}),
      };
      for (const folder of folders.read) {
        const pages = readFolder(ctx, folder, cursor.folders[folder.id] ?? freshFolder(), signal);
        for await (const page of pages) {
          const count = cursor.count + page.messages.length;
          cursor = { ...cursor, count, folders: { ...cursor.folders, [folder.id]: page.state } };
          const historyLoaded = Object.values(cursor.folders).every(loaded);
          yield {
            messages: page.messages,
            changes: page.changes,
            cursor: { ...cursor },
            historyLoaded,
            progress: {
              done: count,
              total: historyLoaded ? count : Math.max(count, cursor.total ?? 0),
            },
          } satisfies SyncBatch;
        }
      }
    } catch (error) {
      throw providerError(error, apiFailure);
    }
  }

  const probe = (address: string) => {
    const signal = new AbortController().signal;
    const email = address.toLowerCase();
    return probeWith(async () => {
      await client.get(`${client.userUrl(email)}/mailboxSettings`, signal);
      return folderCount(email, 'inbox', signal);
    }, apiFailure);
  };

  return { probe, sync, close: async () => client.invalidate() };
}
