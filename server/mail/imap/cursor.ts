import type { SyncCursor } from '../connector';

// An IMAP mailbox's sync cursor: where each folder stands (server/mail/imap/connector.ts reads
// folders on from it; server/mail/imap/expunge-check.ts keeps each folder's last check in it).

/** Where each folder stands: its UIDVALIDITY, the last UID read, whether its history is in. */
export interface FolderState {
  uidValidity: string;
  lastUid: number;
  historyDone: boolean;
  /** The last check for expunged messages: how many UIDs up to `upTo` the folder held. */
  checked?: { upTo: number; present: number };
  /** Earlier UIDVALIDITYs whose stored copies are still to be checked once it is read again. */
  replaced?: { uidValidity: string; lastUid: number }[];
}
export type ImapCursor = { folders: Record<string, FolderState> };

/** The cursor as stored, or an empty one; folders are copied, so the caller may change them. */
export function readCursor(cursor: SyncCursor | null): ImapCursor {
  const folders = cursor?.folders;
  return { folders: typeof folders === 'object' && folders !== null ? { ...folders } : {} };
}
