import type { Reply } from './http-standin';

// The folders of a Graph stand-in mailbox, as Graph documents them
// (https://learn.microsoft.com/en-us/graph/api/resources/mailfolder): the default folders
// Outlook creates under the "Top of Information Store" (msgfolderroot), each reachable by its
// well-known name whatever its display name, user folders at any depth, top-level folders
// listed by `GET /mailFolders` and the others by `GET /mailFolders/{id}/childFolders`
// (https://learn.microsoft.com/en-us/graph/api/mailfolder-list-childfolders), paged by `$top`
// (default 10) with an `@odata.nextLink`.

interface Folder {
  id: string;
  displayName: string;
  parentFolderId: string;
  wellKnownName?: string;
}

/** The folders Outlook creates, by well-known name, with their parent and display name. */
const DEFAULT_FOLDERS: [string, string, string][] = [
  ['inbox', 'msgfolderroot', 'Inbox'],
  ['sentitems', 'msgfolderroot', 'Sent Items'],
  ['drafts', 'msgfolderroot', 'Drafts'],
  ['deleteditems', 'msgfolderroot', 'Deleted Items'],
  ['junkemail', 'msgfolderroot', 'Junk Email'],
  ['outbox', 'msgfolderroot', 'Outbox'],
  ['archive', 'msgfolderroot', 'Archive'],
  ['conversationhistory', 'msgfolderroot', 'Conversation History'],
  ['syncissues', 'msgfolderroot', 'Sync Issues'],
  ['conflicts', 'syncissues', 'Conflicts'],
  ['localfailures', 'syncissues', 'Local Failures'],
  ['serverfailures', 'syncissues', 'Server Failures'],
];

export class FolderTree {
  private readonly folders = new Map<string, Folder>();
  private seq = 0;

  constructor(
    private readonly email: string,
    /** Messages in a folder, for totalItemCount. */
    private readonly countOf: (folderId: string) => number,
  ) {
    const root = this.make('msgfolderroot', 'Top of Information Store', '', 'msgfolderroot');
    for (const [name, parent, displayName] of DEFAULT_FOLDERS) {
      this.make(name, displayName, this.id(parent) ?? root.id, name);
    }
  }

  private make(key: string, displayName: string, parentFolderId: string, wellKnownName?: string) {
    this.seq += 1;
    const id = `AAMkAGI2${Buffer.from(`${this.email}:folder:${this.seq}:${key}`).toString('base64url')}=`;
    const folder: Folder = { id, displayName, parentFolderId, wellKnownName };
    this.folders.set(id, folder);
    return folder;
  }

  /** The id of a folder named by id or well-known name; null when there is none. */
  id(nameOrId: string): string | null {
    if (this.folders.has(nameOrId)) return nameOrId;
    const lower = nameOrId.toLowerCase();
    return [...this.folders.values()].find((f) => f.wellKnownName === lower)?.id ?? null;
  }

  /** A user folder under `parent` (an id or a well-known name). */
  create(parent: string, displayName: string): string {
    const parentId = this.id(parent);
    if (!parentId) throw new Error(`no folder ${parent}`);
    return this.make(displayName, displayName, parentId).id;
  }

  private view(folder: Folder) {
    const children = [...this.folders.values()].filter((f) => f.parentFolderId === folder.id);
    return {
      id: folder.id,
      displayName: folder.displayName,
      parentFolderId: folder.parentFolderId,
      childFolderCount: children.length,
      unreadItemCount: 0,
      totalItemCount: this.countOf(folder.id),
      isHidden: false,
    };
  }

  get(nameOrId: string): Reply {
    const id = this.id(nameOrId);
    const folder = id ? this.folders.get(id) : undefined;
    if (!folder) {
      return notFound('ErrorItemNotFound', 'The specified object was not found in the store.');
    }
    return { status: 200, body: this.view(folder) };
  }

  /** `GET /mailFolders` (parent null: the root's children) or `/mailFolders/{id}/childFolders`. */
  list(parent: string | null, query: URLSearchParams, link: string): Reply {
    const parentId = this.id(parent ?? 'msgfolderroot');
    if (!parentId) {
      return notFound('ErrorItemNotFound', 'The specified object was not found in the store.');
    }
    const all = [...this.folders.values()].filter((f) => f.parentFolderId === parentId);
    const top = Math.min(Number(query.get('$top') ?? 10), 250);
    const skip = Number(query.get('$skip') ?? 0);
    const page = all.slice(skip, skip + top);
    const next =
      skip + top < all.length
        ? { '@odata.nextLink': `${link}?$top=${top}&$skip=${skip + top}` }
        : {};
    return { status: 200, body: { value: page.map((f) => this.view(f)), ...next } };
  }
}

const notFound = (code: string, message: string): Reply => ({
  status: 404,
  body: { error: { code, message } },
});
