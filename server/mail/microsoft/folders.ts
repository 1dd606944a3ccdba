import type { SetAside } from '../connector';
import { HttpError } from '../cloud-http';
import type { FolderRef } from './graph';

// Which mail folders of a Microsoft 365 mailbox the sync reads: every folder, child folders
// included (mailfolder-list-childfolders), but Deleted Items, Junk Email, Drafts, Outbox and
// Sync Issues with whatever lies inside them. The default folders are told by their well-known
// names, which hold in every language (https://learn.microsoft.com/en-us/graph/api/resources/mailfolder).
// Deleted Items and Junk Email are read too, only to set aside stored messages moved there.

export interface GraphFolder extends FolderRef {
  id: string;
  /** totalItemCount: a progress denominator. */
  total: number;
  /** Deleted Items and Junk Email: their messages set stored ones aside. */
  setAside?: SetAside;
}

interface ListedFolder {
  id: string;
  displayName?: string;
  childFolderCount?: number;
  totalItemCount?: number;
}

const SET_ASIDE: Readonly<Record<string, SetAside>> = { deleteditems: 'trash', junkemail: 'spam' };
/** Never read: unsent mail, and conflict copies of items. */
const LEFT_OUT = ['drafts', 'outbox', 'syncissues'];

type Get = (url: string) => Promise<unknown>;

/** The folder ids of well-known names; a name the mailbox lacks (404) is left out. */
async function wellKnownIds(get: Get, foldersUrl: string, names: readonly string[]) {
  const ids = new Map<string, string>();
  for (const name of names) {
    try {
      const folder = (await get(`${foldersUrl}/${name}?$select=id`)) as { id?: unknown };
      if (typeof folder.id === 'string') ids.set(folder.id, name);
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  return ids;
}

/** Every page of a folder listing. */
async function listAll(get: Get, url: string): Promise<ListedFolder[]> {
  const folders: ListedFolder[] = [];
  let next: string | undefined = url;
  while (next) {
    const page = (await get(next)) as { value?: ListedFolder[]; '@odata.nextLink'?: string };
    folders.push(...(page.value ?? []));
    next = page['@odata.nextLink'];
  }
  return folders;
}

/** The mailbox's folders: those whose messages count, and Deleted Items and Junk Email. */
export async function discoverFolders(
  get: Get,
  userUrl: string,
): Promise<{ counted: GraphFolder[]; setAside: GraphFolder[] }> {
  const foldersUrl = `${userUrl}/mailFolders`;
  const known = await wellKnownIds(get, foldersUrl, [
    'sentitems',
    ...Object.keys(SET_ASIDE),
    ...LEFT_OUT,
  ]);
  const counted: GraphFolder[] = [];
  const setAside: GraphFolder[] = [];
  const fields = '$select=id,displayName,childFolderCount,totalItemCount&$top=100';
  const walk = async (url: string, parentPath: string, inherited?: SetAside) => {
    for (const listed of await listAll(get, url)) {
      const name = known.get(listed.id);
      if (name && LEFT_OUT.includes(name)) continue;
      const path = parentPath
        ? `${parentPath}/${listed.displayName ?? ''}`
        : (listed.displayName ?? '');
      const aside = (name && SET_ASIDE[name]) || inherited;
      const folder: GraphFolder = {
        id: listed.id,
        path,
        isSent: name === 'sentitems',
        total: listed.totalItemCount ?? 0,
        ...(aside ? { setAside: aside } : {}),
      };
      (aside ? setAside : counted).push(folder);
      if ((listed.childFolderCount ?? 0) > 0) {
        await walk(`${foldersUrl}/${listed.id}/childFolders?${fields}`, path, aside);
      }
    }
  };
  await walk(`${foldersUrl}?${fields}`, '');
  return { counted, setAside };
}
