import type { Reply } from './http-standin';

// The Graph stand-in's mail folders: the tree a new Exchange Online mailbox has, with the
// well-known names of the mailFolder resource
// (https://learn.microsoft.com/graph/api/resources/mailfolder, "Use well-known folder names"),
// and folders people make (`Customers/Acme`). Folder ids are constant; only items get
// immutable ids ("Obtain immutable identifiers for Outlook resources":
// https://learn.microsoft.com/graph/outlook-immutable-id, "container types … regular IDs
// were already constant").

export interface GraphFolder {
  id: string;
  displayName: string;
  /** The msgfolderroot's own parent is null. */
  parentId: string | null;
  wellKnownName: string | null;
  isHidden: boolean;
}

/** Well-known folders under the root, by name, with their display names. */
const TOP_LEVEL: readonly [string, string, boolean][] = [
  ['inbox', 'Inbox', false],
  ['sentitems', 'Sent Items', false],
  ['drafts', 'Drafts', false],
  ['deleteditems', 'Deleted Items', false],
  ['junkemail', 'Junk Email', false],
  ['outbox', 'Outbox', false],
  ['archive', 'Archive', false],
  ['conversationhistory', 'Conversation History', false],
  ['syncissues', 'Sync Issues', false],
  ['searchfolders', 'Finder', true],
];
/** Sync Issues' own well-known children. */
const SYNC_ISSUES: readonly [string, string][] = [
  ['conflicts', 'Conflicts'],
  ['localfailures', 'Local Failures'],
  ['serverfailures', 'Server Failures'],
];

export const graphError = (status: number, code: string, message: string): Reply => ({
  status,
  body: {
    error: {
      code,
      message,
      innerError: { 'request-id': 'standin', date: new Date().toISOString() },
    },
  },
});

export const itemNotFound = () =>
  graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

export class FolderTree {
  readonly byId = new Map<string, GraphFolder>();
  private readonly wellKnown = new Map<string, string>();
  private seq = 0;
  readonly rootId: string;

  constructor(private readonly email: string) {
    this.rootId = this.make('Top of Information Store', null, 'msgfolderroot', false);
    for (const [name, display, hidden] of TOP_LEVEL) this.make(display, this.rootId, name, hidden);
    const syncIssues = this.wellKnown.get('syncissues') ?? '';
    for (const [name, display] of SYNC_ISSUES) this.make(display, syncIssues, name, false);
  }

  private make(name: string, parentId: string | null, wellKnown: string | null, hidden: boolean) {
    this.seq += 1;
    const id = `AQMk${Buffer.from(`${this.email}:folder:${this.seq}`).toString('base64url')}`;
    this.byId.set(id, {
      id,
      displayName: name,
      parentId,
      wellKnownName: wellKnown,
      isHidden: hidden,
    });
    if (wellKnown) this.wellKnown.set(wellKnown, id);
    return id;
  }

  /** A folder by id, well-known name (any case) or display path from the root (`Customers/Acme`). */
  find(ref: string): GraphFolder | undefined {
    const byName = this.wellKnown.get(ref.toLowerCase());
    if (byName) return this.byId.get(byName);
    if (this.byId.has(ref)) return this.byId.get(ref);
    let parent = this.rootId;
    let found: GraphFolder | undefined;
    for (const part of ref.split('/')) {
      found = this.children(parent, true).find((folder) => folder.displayName === part);
      if (!found) return undefined;
      parent = found.id;
    }
    return found;
  }

  /** Makes `path`'s folders that are missing, under the root; returns the last one's id. */
  create(path: string): string {
    let parent = this.rootId;
    for (const part of path.split('/')) {
      const existing = this.children(parent, true).find((folder) => folder.displayName === part);
      parent = existing ? existing.id : this.make(part, parent, null, false);
    }
    return parent;
  }

  children(parentId: string, withHidden: boolean): GraphFolder[] {
    return [...this.byId.values()].filter(
      (folder) => folder.parentId === parentId && (withHidden || !folder.isHidden),
    );
  }

  /** True when `folderId` is `ancestorId` or lies below it. */
  within(folderId: string, ancestorId: string): boolean {
    for (let at: string | null = folderId; at; at = this.byId.get(at)?.parentId ?? null) {
      if (at === ancestorId) return true;
    }
    return false;
  }
}
