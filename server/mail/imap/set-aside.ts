import type { ImapFlow } from 'imapflow';
import type { MessageChange, SetAside, StoredMail, SyncedMessage } from '../connector';
import { copiesElsewhere, idOf } from './expunged';
import type { FolderRef } from './folders';

// Messages read from spam or trash. Each IMAP copy is a message of its own (RFC 3501 §2.3.3,
// COPY), so a copy moved there takes the stored message out of the figures only when no counted
// folder still holds it: a reply in Sent whose copy the team's group brought to INBOX, a message
// a rule filed twice (Sieve `fileinto :copy`). SEARCH HEADER scans every counted folder on the
// server, so only Message-IDs stored and still counted are searched for: on a first sync, spam and
// trash are read before anything is stored, and nothing is searched.

interface SetAsideRead {
  client: ImapFlow;
  counted: readonly FolderRef[];
  stored: StoredMail | undefined;
  /** The spam or trash folder being read, with its UIDVALIDITY. */
  folder: FolderRef & { setAside: SetAside; uidValidity: string };
}

/** A batch as read from the folder, and the next batch's FETCH on it when one is in flight. */
interface ReadBatch {
  messages: readonly SyncedMessage[];
  fetching: Promise<unknown> | null;
}

/** Selects the folder being read again after a search elsewhere; its UIDs must still hold. */
async function reselect(client: ImapFlow, folder: SetAsideRead['folder']) {
  const opened = await client.mailboxOpen(folder.path, { readOnly: true });
  if (String(opened.uidValidity) !== folder.uidValidity) {
    throw new Error(`the folder ${folder.path} was recreated while it was read`);
  }
}

/**
 * A batch read from spam or trash: the copies still in a counted folder of the messages it holds
 * that are stored and counted, as messages (the store points the message at that copy and keeps
 * it counted), and every other message as a change that sets it aside.
 */
export async function setAsideBatch(
  read: SetAsideRead,
  { messages, fetching }: ReadBatch,
): Promise<{ messages: SyncedMessage[]; changes: MessageChange[] }> {
  const ids = messages.map(idOf).filter((id) => id !== undefined);
  const counted = read.stored && ids.length > 0 ? await read.stored.counted(ids) : [];
  const kept: SyncedMessage[] = [];
  if (counted.length > 0) {
    // The next batch is fetched from this folder before any other is selected.
    await fetching;
    kept.push(...(await copiesElsewhere(read.client, read.counted, counted)));
    await reselect(read.client, read.folder);
  }
  const keptIds = new Set(kept.map(idOf));
  const changes = messages
    .filter((message) => !keptIds.has(idOf(message)))
    .map((message): MessageChange => ({
      providerId: message.providerId,
      messageId: message.headers.messageId,
      setAside: read.folder.setAside,
    }));
  return { messages: kept, changes };
}
