import type { ListResponse, NamespacesObject } from 'imapflow';
import { flags as specialUseFlags, specialUse } from 'imapflow/lib/special-use.js';
import type { SetAside } from '../connector';

// Which folders of a mailbox the IMAP sync reads (RFC 6154 special-use attributes): every
// selectable folder of its personal namespace (RFC 2342) but spam, trash and drafts (and folders
// inside them); where a folder is flagged \All (Gmail's "All Mail", which holds every label's
// messages once), that one and the sent folder instead of every label folder. Spam and trash are
// read too, only to set aside stored messages that were moved there. Other users' folders shared
// with the mailbox and public folders are not its mail.

export interface FolderRef {
  path: string;
  /** Rule 1 of the statistics: a message in the sent folder is outbound. */
  isSent: boolean;
}

interface FolderPlan {
  /** Folders whose messages the statistics count. */
  counted: FolderRef[];
  /** Spam and trash: a stored message seen there is set aside. */
  setAside: (FolderRef & { setAside: SetAside })[];
}

/** Selectable, but holding no message of its own (RFC 6154 \Flagged and \Important views). */
const VIEWS = new Set(['\\Flagged', '\\Important']);
const UNSELECTABLE = new Set(['\\Noselect', '\\NonExistent']);

/** Uses a second folder may have by its name alone: where deleted or spam mail goes. */
const NAMED_USES = new Set(['\\Trash', '\\Junk']);

/**
 * Trash or spam by its very name (imapflow's localized names: "Deleted Items", "Spam"), at the
 * top or under INBOX, with no special use of its own. A server flags one folder of a use
 * (Dovecot's default configuration flags `Trash` and `Junk` by those names) and imapflow names
 * one, but a client may file deleted mail in a folder of its own ("Deleted Items", "Deleted
 * Messages"), where it stayed counted.
 */
function namedUse(folder: ListResponse): string | null {
  const [parent, ...deeper] = folder.parent;
  const top = parent === undefined || (parent.toUpperCase() === 'INBOX' && deeper.length === 0);
  if (!top || [...folder.flags].some((flag) => specialUseFlags.includes(flag))) return null;
  const guess = specialUse(false, { flags: new Set(), name: folder.name });
  return guess.source === 'name' && guess.flag && NAMED_USES.has(guess.flag) ? guess.flag : null;
}

/** The folder's special-use attributes: as the server flags them, or as imapflow named it. */
function uses(folder: ListResponse): Set<string> {
  const found = new Set([...folder.flags].filter((flag) => flag !== '\\HasChildren'));
  if (folder.specialUse) found.add(folder.specialUse);
  const named = namedUse(folder);
  if (named) found.add(named);
  return found;
}

/**
 * Whether the folder is the mailbox's own: INBOX, or a name whose longest matching namespace
 * prefix is a personal one (RFC 2342: a personal prefix may be empty, another's may be longer, as
 * Dovecot's `shared/`, or empty, as Cyrus's shared one). Names are compared as listed: imapflow's
 * `path` puts the personal prefix before any name that lacks it. No NAMESPACE answer: all are.
 */
function isPersonal(folder: ListResponse, namespaces: NamespacesObject | undefined): boolean {
  if (!namespaces) return true;
  const name = folder.pathAsListed;
  if (name.toUpperCase() === 'INBOX') return true;
  const all = [
    ...namespaces.personal.map((space) => ({ ...space, personal: true })),
    ...[...(namespaces.other || []), ...(namespaces.shared || [])].map((space) => ({
      ...space,
      personal: false,
    })),
  ];
  // The namespace's own root (`shared`, listed without its delimiter) belongs to it too.
  const holds = ({ prefix, delimiter }: (typeof all)[number]) =>
    name.startsWith(prefix) || (!!delimiter && `${name}${delimiter}` === prefix);
  const longest = all.filter(holds).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return longest?.personal ?? false;
}

const isInside = (path: string, parent: ListResponse) =>
  path.startsWith(`${parent.path}${parent.delimiter || '/'}`);

export function planFolders(
  listed: readonly ListResponse[],
  sentFolder: string,
  namespaces?: NamespacesObject,
): FolderPlan {
  const selectable = listed.filter(
    (f) => ![...f.flags].some((flag) => UNSELECTABLE.has(flag)) && isPersonal(f, namespaces),
  );
  const byUse = (use: string) => selectable.filter((folder) => uses(folder).has(use));
  const trash = byUse('\\Trash');
  const spam = byUse('\\Junk');
  const left = [...trash, ...spam, ...byUse('\\Drafts')];
  const flaggedSent = byUse('\\Sent');
  const sent =
    flaggedSent.length > 0
      ? flaggedSent
      : selectable.filter((f) => f.path.toLowerCase() === sentFolder.toLowerCase());
  const isSent = (folder: ListResponse) => sent.includes(folder);
  const all = byUse('\\All');
  const candidates =
    all.length > 0
      ? [...all, ...sent.filter((folder) => !all.includes(folder))]
      : selectable.filter(
          (folder) =>
            !left.some((out) => out === folder || isInside(folder.path, out)) &&
            ![...uses(folder)].some((use) => VIEWS.has(use)),
        );
  return {
    counted: candidates.map((folder) => ({ path: folder.path, isSent: isSent(folder) })),
    setAside: [
      ...spam.map((folder) => ({ path: folder.path, isSent: false, setAside: 'spam' as const })),
      ...trash.map((folder) => ({ path: folder.path, isSent: false, setAside: 'trash' as const })),
    ],
  };
}
