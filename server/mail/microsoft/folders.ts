import { HttpError } from '../cloud-http';
import type { GraphClient } from './client';
import type { MailFolder } from './graph';

// Which folders of a Microsoft 365 mailbox the sync reads: every mail folder, child folders
// included (Archive, folders that rules file into), except the well-known Deleted Items, Junk
// Email, Drafts, Outbox, Sync Issues and Conversation History and the folders below them
// (mailFolder, "Use well-known folder names":
// https://learn.microsoft.com/graph/api/resources/mailfolder). Conversation History holds the
// instant messages Skype for Business saves as items, not mail, as Gmail's chats are left out.
// Hidden folders (search folders and the like) are not listed without includeHiddenFolders, and
// hold no mail of their own.

const LEFT_OUT = [
  'deleteditems',
  'junkemail',
  'drafts',
  'outbox',
  'syncissues',
  'conversationhistory',
] as const;
const FIELDS = '$select=id,displayName,childFolderCount,totalItemCount&$top=100';

interface FolderInfo {
  id: string;
  displayName?: string;
  childFolderCount?: number;
  totalItemCount?: number;
}

export interface MailboxFolders {
  /** The folders read, each parent before its children. */
  read: MailFolder[];
  /** Junk Email's id: a message moved there is spam, anywhere else outside `read` trash. */
  junkId: string | null;
  /** Items in the folders read, all dates: a progress denominator. */
  total: number;
}

/** A well-known folder's id, or null when the mailbox has none of that name. */
async function wellKnownId(client: GraphClient, email: string, name: string, signal: AbortSignal) {
  try {
    const reply = await client.get(
      `${client.userUrl(email)}/mailFolders/${name}?$select=id`,
      signal,
    );
    return (reply as { id?: string }).id ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Every folder of a listing, following its next links. */
async function listed(client: GraphClient, url: string, signal: AbortSignal) {
  const folders: FolderInfo[] = [];
  for (let next: string | undefined = url; next;) {
    const page = (await client.get(next, signal)) as {
      value?: FolderInfo[];
      '@odata.nextLink'?: string;
    };
    folders.push(...(page.value ?? []));
    next = page['@odata.nextLink'];
  }
  return folders;
}

export async function mailboxFolders(
  client: GraphClient,
  email: string,
  signal: AbortSignal,
): Promise<MailboxFolders> {
  const ids = new Map<string, string | null>();
  for (const name of [...LEFT_OUT, 'sentitems']) {
    ids.set(name, await wellKnownId(client, email, name, signal));
  }
  const leftOut = new Set(LEFT_OUT.map((name) => ids.get(name)).filter((id) => id != null));
  const junkId = ids.get('junkemail') ?? null;
  const sentId = ids.get('sentitems') ?? null;
  const user = client.userUrl(email);
  const result: MailboxFolders = { read: [], junkId, total: 0 };
  const queue = [{ url: `${user}/mailFolders?${FIELDS}`, path: '', sent: false }];
  for (let parent = queue.shift(); parent; parent = queue.shift()) {
    for (const folder of await listed(client, parent.url, signal)) {
      if (leftOut.has(folder.id)) continue;
      const name = folder.displayName ?? folder.id;
      const path = parent.path ? `${parent.path}/${name}` : name;
      const sent = parent.sent || folder.id === sentId;
      result.read.push({ id: folder.id, path, sent });
      result.total += folder.totalItemCount ?? 0;
      if ((folder.childFolderCount ?? 0) > 0) {
        const url = `${user}/mailFolders/${encodeURIComponent(folder.id)}/childFolders?${FIELDS}`;
        queue.push({ url, path, sent });
      }
    }
  }
  return result;
}
