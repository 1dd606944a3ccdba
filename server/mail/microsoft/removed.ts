import { HttpError, mapBounded } from '../cloud-http';
import type { MessageChange, SyncedMessage } from '../connector';
import type { FolderContext, FolderPage } from './folder-sync';
import {
  isMail,
  MESSAGE_SELECT,
  toSyncedMessage,
  type GraphMessage,
  type GraphPage,
} from './graph';

// Where the messages that left a folder (a delta round's `@removed`) went. Each is asked for by
// its id (immutable, so it survives a move): moved to a folder read, it is stored there; else it
// leaves the figures, as spam (Junk Email) or trash (anywhere else, or deleted for good), unless
// a copy of it is still in a folder read: another item with its internetMessageId (a reply that
// copied the mailbox, in Sent Items and Inbox; a second delivery; "Copy message"). The stored
// message, one per Message-ID, then stands for that copy. Four calls at a time: Graph's
// concurrency limit per mailbox.

const CONCURRENT = 4;
const FIELDS = `${MESSAGE_SELECT},parentFolderId`;

const isStorable = (ctx: FolderContext, message: GraphMessage) =>
  isMail(message) && Date.parse(message.receivedDateTime ?? '') >= Date.parse(ctx.fromIso);

/** The message by its id, or null when it was deleted for good (404). */
async function messageById(ctx: FolderContext, id: string, signal: AbortSignal) {
  const url = `${ctx.client.userUrl(ctx.email)}/messages/${encodeURIComponent(id)}?$select=${FIELDS}`;
  try {
    return (await ctx.client.get(url, signal)) as GraphMessage;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** A copy of the message in a folder read, found by its internetMessageId across the mailbox. */
async function copyInFolderRead(ctx: FolderContext, messageId: string, signal: AbortSignal) {
  const query = new URLSearchParams({
    // OData writes a quote inside a string literal as two.
    $filter: `internetMessageId eq '${messageId.replaceAll("'", "''")}'`,
    $select: FIELDS,
  });
  const url = `${ctx.client.userUrl(ctx.email)}/messages?${query}`;
  const page = (await ctx.client.get(url, signal)) as GraphPage;
  for (const copy of page.value) {
    const folder = ctx.folders.read.find((f) => f.id === copy.parentFolderId);
    if (folder && isStorable(ctx, copy)) return toSyncedMessage(copy, folder, ctx.email);
  }
  return null;
}

/** The messages that left a folder: stored where they went, or set aside. */
export async function resolveRemoved(
  ctx: FolderContext,
  ids: readonly string[],
  signal: AbortSignal,
): Promise<Omit<FolderPage, 'state'>> {
  const found = await mapBounded(ids, CONCURRENT, async (id) => ({
    id,
    message: await messageById(ctx, id, signal),
  }));
  // Deleted for good: Graph has nothing left to say, the store its Message-ID.
  const deleted = found.filter((f) => f.message === null).map((f) => f.id);
  const storedIds = deleted.length > 0 ? await ctx.stored?.messageIdsOf(deleted) : undefined;
  const resolved = await mapBounded(found, CONCURRENT, async ({ id, message }) => {
    const folder = ctx.folders.read.find((f) => f.id === message?.parentFolderId);
    if (message && folder) {
      return isStorable(ctx, message) ? toSyncedMessage(message, folder, ctx.email) : null;
    }
    const messageId = message?.internetMessageId ?? storedIds?.get(id) ?? null;
    const copy = messageId ? await copyInFolderRead(ctx, messageId, signal) : null;
    if (copy) return copy;
    const spam = message !== null && message.parentFolderId === ctx.folders.junkId;
    const change: MessageChange = { providerId: id, messageId, setAside: spam ? 'spam' : 'trash' };
    return change;
  });
  const page: Omit<FolderPage, 'state'> = { messages: [], changes: [] };
  for (const item of resolved) {
    if (item === null) continue;
    if ('setAside' in item) page.changes.push(item);
    else page.messages.push(item satisfies SyncedMessage);
  }
  return page;
}
