import type { ImapFlow } from 'imapflow';
import type { StoredMail } from '../connector';
import type { FolderState } from './cursor';
import type { FolderRef } from './folders';
import { countUpTo, missingCopies, presentUids, type UidRanges } from './expunged';

// Each sync's check for messages expunged without passing through Trash, folder by folder
// (server/mail/imap/expunged.ts has the IMAP side): it updates each folder's `checked` in the
// cursor and yields the stored copies no longer there.

interface ExpungeCheck {
  client: ImapFlow;
  counted: readonly FolderRef[];
  stored: StoredMail | undefined;
  signal: AbortSignal;
}

/** The folder's UIDs up to the last one read; null when there is none, or it was recreated. */
const presentNow = async (client: ImapFlow, path: string, folder: FolderState) => {
  if (folder.lastUid === 0) return null;
  const opened = await client.mailboxOpen(path, { readOnly: true });
  if (String(opened.uidValidity) !== folder.uidValidity) return null;
  return presentUids(client, folder.lastUid);
};

const expungedFrom = (
  check: ExpungeCheck & { stored: StoredMail },
  path: string,
  folder: { uidValidity: string; lastUid: number },
  present: UidRanges,
) =>
  missingCopies(
    check.client,
    check.counted,
    check.stored,
    { prefix: `${path}:${folder.uidValidity}:`, present, upTo: folder.lastUid },
    check.signal,
  );

/**
 * Stored copies no longer in their folder: expunged from a counted folder, left behind by a
 * changed UIDVALIDITY, or in a folder that is gone. Updates each folder's `checked`.
 */
export async function* expungedCopies(
  check: ExpungeCheck,
  previous: Record<string, FolderState>,
  folders: Record<string, FolderState>,
  removed: readonly string[],
) {
  const { stored } = check;
  for (const path of removed) {
    if (stored) yield* expungedFrom({ ...check, stored }, path, previous[path]!, []);
    delete previous[path];
  }
  if (!stored) return;
  const withStore = { ...check, stored };
  for (const { path } of check.counted) {
    const folder = folders[path]!;
    for (const earlier of folder.replaced ?? []) {
      yield* expungedFrom(withStore, path, earlier, []);
    }
    const { uidValidity, lastUid, historyDone } = folder;
    folders[path] = { uidValidity, lastUid, historyDone };
    const present = await presentNow(check.client, path, folder);
    if (!present) continue;
    // A UID never comes back: fewer of those held at the last check means some were expunged.
    const { checked } = folder;
    if (!checked || countUpTo(present, checked.upTo) < checked.present) {
      yield* expungedFrom(withStore, path, folder, present);
    }
    const checkedNow = { upTo: lastUid, present: countUpTo(present, lastUid) };
    folders[path] = { uidValidity, lastUid, historyDone, checked: checkedNow };
  }
}
