import { HttpError } from '../cloud-http';
import {
  MailProviderError,
  type MessageChange,
  type StoredMail,
  type SyncedMessage,
} from '../connector';
import { readErrorBody } from '../provider-errors';
import type { GraphClient } from './client';
import type { MailboxFolders } from './folders';
import { isMail, MESSAGE_SELECT, toSyncedMessage, type GraphPage, type MailFolder } from './graph';
import { resolveRemoved } from './removed';

// One folder of a Microsoft 365 mailbox. Its changes come from a delta query filtered to
// data_from ("Get incremental changes to messages in a folder"); but "applying $filter in a delta
// query returns only up to 5,000 messages", so its history is read by the folder's message list,
// newest first by receivedDateTime back to data_from, a page at a time, each page's start the
// last one's oldest time. The delta's first round is run first, so whatever changes during the
// load comes in its next round. The list ends where Graph gives no next link ("Paging Microsoft
// Graph data in your app": a page "may contain zero or more results", https://learn.microsoft.com
// /graph/paging), not at a short page.

/** Messages per page, of a delta round and of the list. */
const PAGE_SIZE = 500;

export interface FolderState {
  /** The delta round's next link while it runs; after the first round, the delta link. */
  delta: string | null;
  /** A delta round completed: `delta` is a delta link, changes are tracked. */
  tracked: boolean;
  /**
   * The history load: the oldest time read so far and the ids read at that time (and Graph's
   * next link, after a page with nothing in it), or done.
   */
  history: HistoryState | 'done';
}

interface HistoryState {
  before: string | null;
  seen: string[];
  link?: string;
}

export const freshFolder = (): FolderState => ({
  delta: null,
  tracked: false,
  history: { before: null, seen: [] },
});

export interface FolderContext {
  client: GraphClient;
  email: string;
  /** data_from, midnight UTC, ISO. */
  fromIso: string;
  folders: MailboxFolders;
  /** The mailbox's stored mail, for the Message-ID of a message deleted for good. */
  stored?: StoredMail;
}

export interface FolderPage {
  messages: SyncedMessage[];
  changes: MessageChange[];
  state: FolderState;
}

/** The delta token is gone: Graph answers 410, or a 4xx naming syncStateNotFound or resyncRequired. */
function isExpired(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return false;
  const code = readErrorBody(error.body).code.toLowerCase();
  return error.status === 410 || code === 'syncstatenotfound' || code === 'resyncrequired';
}

const folderUrl = (ctx: FolderContext, folder: MailFolder) =>
  `${ctx.client.userUrl(ctx.email)}/mailFolders/${encodeURIComponent(folder.id)}`;

function firstDelta(ctx: FolderContext, folder: MailFolder): string {
  const query = new URLSearchParams({
    $select: MESSAGE_SELECT,
    $filter: `receivedDateTime ge ${ctx.fromIso}`,
  });
  return `${folderUrl(ctx, folder)}/messages/delta?${query}`;
}

/** A delta page's items: new and moved-in messages, partial updates, and removals resolved. */
async function deltaItems(
  ctx: FolderContext,
  folder: MailFolder,
  page: GraphPage,
  signal: AbortSignal,
) {
  const removed: string[] = [];
  const items: Omit<FolderPage, 'state'> = { messages: [], changes: [] };
  for (const item of page.value) {
    if (item['@removed'] !== undefined) removed.push(item.id);
    else if (item.receivedDateTime === undefined) {
      // An update carries at least the properties that changed: keep the others as stored.
      if (item.categories !== undefined) {
        items.changes.push({
          providerId: item.id,
          messageId: null,
          setAside: null,
          categories: item.categories,
        });
      }
    } else if (isMail(item) && Date.parse(item.receivedDateTime) >= Date.parse(ctx.fromIso)) {
      items.messages.push(toSyncedMessage(item, folder, ctx.email));
    }
  }
  const resolved = await resolveRemoved(ctx, removed, signal);
  return {
    messages: [...items.messages, ...resolved.messages],
    changes: [...items.changes, ...resolved.changes],
  };
}

/** The next history page's URL: newest first, from the oldest time read so far. */
function historyUrl(ctx: FolderContext, folder: MailFolder, before: string | null) {
  const filter = `receivedDateTime ge ${ctx.fromIso}${before ? ` and receivedDateTime le ${before}` : ''}`;
  const query = new URLSearchParams({
    $select: MESSAGE_SELECT,
    $filter: filter,
    $orderby: 'receivedDateTime desc',
    $top: String(PAGE_SIZE),
  });
  return `${folderUrl(ctx, folder)}/messages?${query}`;
}

/**
 * Where the history goes on after `page`: done when Graph gave no next link; else from the page's
 * oldest time, or by Graph's own link while nothing older came (an empty page, or a page all at
 * the time it started from: the link goes on past what was read there).
 */
function nextHistory(page: GraphPage, at: HistoryState): HistoryState | 'done' {
  const link = page['@odata.nextLink'];
  if (link === undefined) return 'done';
  const oldest = page.value.at(-1)?.receivedDateTime ?? at.before;
  const seen = page.value.filter((m) => m.receivedDateTime === oldest).map((m) => m.id);
  if (oldest !== at.before) return { before: oldest, seen };
  return { before: oldest, seen: [...new Set([...at.seen, ...seen])], link };
}

/**
 * Reads one folder from `start`: a delta round (its first, or the changes since the last), then
 * the history while it is not done. Yields each page with the folder's state after it.
 */
export async function* readFolder(
  ctx: FolderContext,
  folder: MailFolder,
  start: FolderState,
  signal: AbortSignal,
): AsyncGenerator<FolderPage, FolderState> {
  let state = start;
  for (let roundDone = false; !roundDone;) {
    let page: GraphPage;
    try {
      page = (await ctx.client.get(
        state.delta ?? firstDelta(ctx, folder),
        signal,
        PAGE_SIZE,
      )) as GraphPage;
    } catch (error) {
      // The delta token expired: the folder is read again in full; what is stored stays.
      if (!isExpired(error) || state.delta === null) throw error;
      state = freshFolder();
      continue;
    }
    const deltaLink = page['@odata.deltaLink'];
    const next = page['@odata.nextLink'] ?? deltaLink;
    if (!next)
      throw new MailProviderError('Microsoft Graph ended a delta page without a link', true);
    roundDone = deltaLink !== undefined;
    // A first round lists the folder as it is (5,000 at most): the history that follows reads
    // all of it again, so only the round's links are kept.
    const first = !state.tracked;
    state = { ...state, delta: next, tracked: state.tracked || roundDone };
    if (first) yield { messages: [], changes: [], state };
    else yield { ...(await deltaItems(ctx, folder, page, signal)), state };
  }
  while (state.history !== 'done') {
    const at = state.history;
    const url = at.link ?? historyUrl(ctx, folder, at.before);
    const page = (await ctx.client.get(url, signal)) as GraphPage;
    const fresh = page.value.filter(
      (m) => isMail(m) && !(m.receivedDateTime === at.before && at.seen.includes(m.id)),
    );
    state = { ...state, history: nextHistory(page, at) };
    yield { messages: fresh.map((m) => toSyncedMessage(m, folder, ctx.email)), changes: [], state };
  }
  return state;
}
