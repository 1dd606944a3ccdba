import type { ImapFlow } from 'imapflow';
import { parseMessageIds } from '../addresses';
import { capHeader } from '../header-caps';
import type { MessageChange, MissingQuery, StoredMail, SyncedMessage } from '../connector';
import type { FolderRef } from './folders';
import { FETCH_QUERY, toSyncedMessages } from './messages';

// Messages deleted for good (expunged) without passing through Trash: IMAP tells a client that
// reads new UIDs nothing of them, so each sync compares what a folder still holds with what is
// stored from it. A UID never comes back (RFC 9051 §2.3.1.1), so while the folder holds as many
// of the UIDs read before as at the last check, nothing was expunged and nothing more is asked.
// Otherwise the folder's UIDs (one ESEARCH answer, RFC 4731: a few ranges) go to the store, which
// returns the stored copies no longer there, a page at a time. A message still in another
// counted folder moves there; any other is set aside as trash (kept, out of the figures).

export type UidRanges = [number, number][];

/** Stored copies asked for at a time. */
const PAGE = 200;
/** Message-IDs per SEARCH (an OR tree of HEADER keys). */
const IDS_PER_SEARCH = 50;

/** A compact UID set (`1:5,7,12:9`) as sorted, inclusive ranges. */
function parseUidSet(set: string): UidRanges {
  const ranges: UidRanges = [];
  for (const part of set.split(',').filter(Boolean)) {
    const [a, b = a] = part.split(':').map(Number) as [number, number?];
    ranges.push([Math.min(a, b), Math.max(a, b)]);
  }
  return ranges.sort((x, y) => x[0] - y[0]);
}

function toRanges(uids: readonly number[]): UidRanges {
  const ranges: UidRanges = [];
  for (const uid of [...uids].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && uid <= last[1] + 1) last[1] = Math.max(last[1], uid);
    else ranges.push([uid, uid]);
  }
  return ranges;
}

/** UIDs as a compact IMAP sequence set (`1:250,300`): a FETCH of a batch is a few bytes. */
export const uidSet = (uids: readonly number[]) =>
  toRanges(uids)
    .map(([low, high]) => (low === high ? String(low) : `${low}:${high}`))
    .join(',');

/** How many UIDs of `ranges` are at most `upTo`. */
export const countUpTo = (ranges: UidRanges, upTo: number) =>
  ranges.reduce((sum, [low, high]) => sum + (low > upTo ? 0 : Math.min(high, upTo) - low + 1), 0);

/** The open folder's UIDs from 1 to `upTo`, as ranges: compact with ESEARCH, else listed. */
export async function presentUids(client: ImapFlow, upTo: number): Promise<UidRanges> {
  const found = await client.search({ uid: `1:${upTo}` }, { uid: true, returnOptions: ['ALL'] });
  if (!found) return [];
  if (Array.isArray(found)) return toRanges(found.filter((uid) => uid <= upTo));
  return parseUidSet(found.all ?? '');
}

/** The message's `<id>`, as the store keeps it; undefined without a Message-ID. */
export const idOf = ({ headers }: SyncedMessage) =>
  headers.messageId === null
    ? undefined
    : parseMessageIds(capHeader('messageId', headers.messageId))[0];

/**
 * Copies of these Message-IDs (`<…>`) in the counted folders, read as messages (drafts left out).
 * Each folder it searches is selected in turn: the caller selects its own folder again.
 */
export async function copiesElsewhere(
  client: ImapFlow,
  folders: readonly FolderRef[],
  ids: readonly string[],
) {
  const wanted = new Set(ids);
  const found: SyncedMessage[] = [];
  for (const folder of folders) {
    const opened = await client.mailboxOpen(folder.path, { readOnly: true });
    if (opened.exists === 0) continue;
    const open = { ...folder, uidValidity: String(opened.uidValidity) };
    for (let start = 0; start < ids.length; start += IDS_PER_SEARCH) {
      const or = ids
        .slice(start, start + IDS_PER_SEARCH)
        .map((id) => ({ header: { 'message-id': id } }));
      const uids = await client.search({ or }, { uid: true });
      if (!uids || uids.length === 0) continue;
      const fetched = await client.fetchAll(uidSet(uids), FETCH_QUERY, { uid: true });
      // SEARCH HEADER matches substrings: keep only the very Message-IDs asked for.
      found.push(...toSyncedMessages(open, fetched).filter((m) => wanted.has(idOf(m)!)));
    }
  }
  return found;
}

/**
 * The stored copies of a folder that are no longer in it, a page at a time: each as the copy
 * found in another counted folder (stored there instead), or else set aside as trash.
 */
export async function* missingCopies(
  client: ImapFlow,
  counted: readonly FolderRef[],
  stored: StoredMail,
  query: Omit<MissingQuery, 'after' | 'limit'>,
  signal: AbortSignal,
) {
  let after = 0;
  for (;;) {
    signal.throwIfAborted();
    const gone = await stored.missing({ ...query, after, limit: PAGE });
    if (gone.length === 0) return;
    after = gone.at(-1)!.uid;
    const messages = await copiesElsewhere(
      client,
      counted,
      gone.map((copy) => copy.messageId),
    );
    const kept = new Set(messages.map(idOf));
    const changes = gone
      .filter((copy) => !kept.has(copy.messageId))
      .map((copy): MessageChange => ({
        providerId: copy.providerId,
        messageId: copy.messageId,
        setAside: 'trash',
      }));
    yield { messages, changes };
  }
}
