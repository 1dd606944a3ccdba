import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { MailConnector, ProbeResult, SyncBatch, SyncCursor, SyncTarget } from '../connector';
import { uidSet } from './expunged';
import { readCursor, type FolderState, type ImapCursor } from './cursor';
import { expungedCopies } from './expunge-check';
import { describeImapFailure } from './failures';
import { planFolders, type FolderRef } from './folders';
import { FETCH_QUERY, toSyncedMessages, type OpenFolder } from './messages';
import { openSession, where as whereOf, type ImapSettings } from './session';
import { setAsideBatch } from './set-aside';

// IMAP through one workspace-level master user: every folder of the mailbox's own namespace but
// spam, trash and drafts (server/mail/imap/folders.ts). Header fields, flags and body structures
// are fetched, never bodies; a message flagged \Draft is not mail (server/mail/imap/messages.ts).
// A folder is first read back to the mailbox's data_from (SEARCH SINCE); later syncs read UIDs
// above the last one read. A changed UIDVALIDITY voids every UID of that folder, so it is read
// again from data_from (the store finds the messages again by their Message-ID: nothing is
// doubled). Spam and trash are read first, for the stored messages moved there since: those are
// set aside unless a counted folder still holds a copy (server/mail/imap/set-aside.ts). Then a
// message moved back shows up as a new UID in a read folder and is counted again. Last, each
// counted folder's UIDs are compared with what is stored from it, for messages expunged without
// passing through Trash (server/mail/imap/expunged.ts).

export interface ImapConnectorOptions {
  /** Messages per batch (one transaction each). */
  batchSize?: number;
  connectTimeoutMs?: number;
}

interface Reading {
  folder: OpenFolder;
  /** UIDs still to fetch, ascending. */
  pending: number[];
  state: FolderState;
}

export function createImapConnector(
  settings: ImapSettings,
  masterPassword: string,
  options: ImapConnectorOptions = {},
): MailConnector {
  const batchSize = options.batchSize ?? 250;

  const where = (address: string) => whereOf(settings, address);
  const connect = (address: string) => openSession(settings, masterPassword, address, options);

  const folders = async (client: ImapFlow) =>
    planFolders(await client.list(), settings.sentFolder, client.namespaces);

  /** Messages in the counted folders (STATUS MESSAGES): the progress denominator. */
  const countMessages = async (client: ImapFlow, counted: readonly FolderRef[]) => {
    let total = 0;
    for (const folder of counted) {
      const status = await client.status(folder.path, { messages: true });
      total += status ? (status.messages ?? 0) : 0;
    }
    return total;
  };

  /** Opens a folder and finds the UIDs to read: above the last one, back to data_from at first. */
  const open = async (
    client: ImapFlow,
    folder: FolderRef,
    previous: FolderState | undefined,
    dataFrom: string,
  ): Promise<Reading> => {
    const opened = await client.mailboxOpen(folder.path, { readOnly: true });
    const uidValidity = String(opened.uidValidity);
    const replaced = previous ? [...(previous.replaced ?? []), previous] : [];
    const state: FolderState =
      previous && previous.uidValidity === uidValidity
        ? previous
        : {
            uidValidity,
            lastUid: 0,
            historyDone: false,
            ...(replaced.length > 0
              ? {
                  replaced: replaced.map(({ uidValidity: v, lastUid }) => ({
                    uidValidity: v,
                    lastUid,
                  })),
                }
              : {}),
          };
    const range = `${state.lastUid + 1}:*`;
    const query = state.historyDone ? { uid: range } : { uid: range, since: new Date(dataFrom) };
    const found = opened.exists === 0 ? [] : await client.search(query, { uid: true });
    // `n:*` always names the last message, even when its UID is below n.
    const pending = (found || []).filter((uid) => uid > state.lastUid).sort((a, b) => a - b);
    return { folder: { ...folder, uidValidity }, pending, state };
  };

  /**
   * The folder's pending messages, `batchSize` at a time, each with the folder's next state.
   * The next batch is fetched while this one is stored (one command in flight), so Dovecot reads
   * its files while the database writes; a consumer that stops early waits for it to finish.
   */
  async function* chunks(client: ImapFlow, reading: Reading, signal: AbortSignal) {
    const { folder, pending } = reading;
    const fetchFrom = (start: number) => {
      const uids = pending.slice(start, start + batchSize);
      const fetched: Promise<FetchMessageObject[]> = client.fetchAll(uidSet(uids), FETCH_QUERY, {
        uid: true,
      });
      fetched.catch(() => undefined);
      return { start, uids, fetched };
    };
    let next = pending.length > 0 ? fetchFrom(0) : null;
    try {
      while (next) {
        signal.throwIfAborted();
        const { start, uids, fetched } = next;
        const messages = toSyncedMessages(folder, await fetched);
        const done = start + batchSize >= pending.length;
        next = done ? null : fetchFrom(start + batchSize);
        const state: FolderState = {
          ...reading.state,
          lastUid: uids.at(-1) ?? reading.state.lastUid,
          historyDone: reading.state.historyDone || done,
        };
        // A caller that selects another folder first waits for the next batch's FETCH.
        const fetching = next ? next.fetched.catch(() => undefined) : null;
        yield { messages, read: uids.length, state, fetching };
      }
    } finally {
      await next?.fetched.catch(() => undefined);
    }
  }

  async function* syncFrom(
    target: SyncTarget,
    cursor: SyncCursor | null,
    signal: AbortSignal,
  ): AsyncGenerator<SyncBatch> {
    const previous = readCursor(cursor).folders;
    // Folders that are gone (deleted, renamed) leave the cursor.
    const state: ImapCursor = { folders: {} };
    const snapshot = (): SyncCursor => ({ folders: { ...previous, ...state.folders } });
    const finished = (path: string) => {
      state.folders[path] = { ...state.folders[path]!, historyDone: true };
    };
    const client = await connect(target.email);
    try {
      const plan = await folders(client);
      // Folders no longer counted (gone, of another namespace, or now read as spam or trash: a
      // client's own "Deleted Items" that an earlier version counted) stay in the cursor until
      // their stored copies are checked below. A spam or trash folder has none: one query.
      const removed = Object.keys(previous).filter(
        (path) => !plan.counted.some((f) => f.path === path),
      );
      const total = await countMessages(client, plan.counted);
      const progress = (remaining: number) => ({ done: Math.max(0, total - remaining), total });
      // Spam and trash first, their changes committed with their cursor: a message moved back
      // since then is a new UID in a counted folder below, and is counted again.
      for (const folder of plan.setAside) {
        const reading = await open(client, folder, previous[folder.path], target.dataFrom);
        state.folders[folder.path] = reading.state;
        const { counted } = plan;
        const folderRead = { ...folder, uidValidity: reading.folder.uidValidity };
        const setAside = { client, counted, stored: target.stored, folder: folderRead };
        for await (const chunk of chunks(client, reading, signal)) {
          state.folders[folder.path] = chunk.state;
          yield {
            ...(await setAsideBatch(setAside, chunk)),
            cursor: snapshot(),
            historyLoaded: false,
            progress: progress(total),
          };
        }
        finished(folder.path);
      }
      const readings: Reading[] = [];
      for (const folder of plan.counted) {
        readings.push(await open(client, folder, previous[folder.path], target.dataFrom));
      }
      let remaining = readings.reduce((sum, r) => sum + r.pending.length, 0);
      for (const reading of readings) {
        state.folders[reading.folder.path] = reading.state;
        await client.mailboxOpen(reading.folder.path, { readOnly: true });
        for await (const chunk of chunks(client, reading, signal)) {
          state.folders[reading.folder.path] = chunk.state;
          remaining -= chunk.read;
          yield {
            messages: chunk.messages,
            cursor: snapshot(),
            historyLoaded: remaining === 0,
            progress: progress(remaining),
          };
        }
        finished(reading.folder.path);
      }
      const check = { client, counted: plan.counted, stored: target.stored, signal };
      for await (const found of expungedCopies(check, previous, state.folders, removed)) {
        yield { ...found, cursor: snapshot(), historyLoaded: true, progress: progress(0) };
      }
      // One closing batch: records folders with nothing new, the reset of a changed UIDVALIDITY,
      // and the time of this sync.
      yield { messages: [], cursor: snapshot(), historyLoaded: true, progress: progress(0) };
    } catch (error) {
      if (signal.aborted) throw error;
      throw describeImapFailure(error, where(target.email));
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  return {
    async probe(address: string): Promise<ProbeResult> {
      let client: ImapFlow;
      try {
        client = await connect(address);
      } catch (error) {
        const failure = describeImapFailure(error, where(address));
        return { ok: false, reason: failure.message };
      }
      try {
        return {
          ok: true,
          messageCount: await countMessages(client, (await folders(client)).counted),
        };
      } catch (error) {
        return { ok: false, reason: describeImapFailure(error, where(address)).message };
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
    sync: syncFrom,
    close: () => Promise.resolve(),
  };
}
