import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { MailConnector, ProbeResult, SyncBatch, SyncCursor, SyncTarget } from '../connector';
import { describeImapFailure } from './failures';
import { HEADER_FIELDS, toSyncedMessage, type FolderRef } from './messages';

// IMAP through one workspace-level master user: INBOX and the folder flagged \Sent (RFC 6154,
// else a configured name). Only header fields are fetched. The first sync reads back to the
// mailbox's data_from (SEARCH SINCE); later syncs read UIDs above the last one stored. A changed
// UIDVALIDITY voids every UID of that folder, so it is read again from data_from.

export interface ImapSettings {
  host: string;
  port: number;
  /** TLS from the first byte, with certificate verification; false only when configured. */
  tls: boolean;
  masterUser: string;
  /** `separator`: log in as `mailbox*master`; `authzid`: SASL PLAIN with the mailbox as authzid. */
  masterLogin: 'separator' | 'authzid';
  /** Used when no folder is flagged \Sent. */
  sentFolder: string;
}

export interface ImapConnectorOptions {
  /** Messages per batch (one transaction each). */
  batchSize?: number;
  connectTimeoutMs?: number;
}

/** Where each folder stands: its UIDVALIDITY, the last UID stored, whether its history is in. */
interface FolderState {
  uidValidity: string;
  lastUid: number;
  historyDone: boolean;
}
type ImapCursor = { folders: Record<string, FolderState> };

interface FolderPlan {
  ref: FolderRef;
  /** UIDs still to fetch, ascending. */
  pending: number[];
  state: FolderState;
}

function readCursor(cursor: SyncCursor | null): ImapCursor {
  const folders = cursor?.folders;
  return { folders: typeof folders === 'object' && folders !== null ? { ...folders } : {} };
}

export function createImapConnector(
  settings: ImapSettings,
  masterPassword: string,
  options: ImapConnectorOptions = {},
): MailConnector {
  const batchSize = options.batchSize ?? 250;
  const where = (address: string) => ({ ...settings, address });

  const connect = async (address: string): Promise<ImapFlow> => {
    const auth: ImapFlowOptions['auth'] =
      settings.masterLogin === 'authzid'
        ? { user: settings.masterUser, pass: masterPassword, authzid: address }
        : { user: `${address}*${settings.masterUser}`, pass: masterPassword };
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.tls,
      doSTARTTLS: settings.tls ? undefined : false,
      tls: { rejectUnauthorized: true },
      auth,
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: options.connectTimeoutMs ?? 15_000,
      greetingTimeout: options.connectTimeoutMs ?? 15_000,
    });
    // A dropped connection is reported by the command that was running; no stray crash.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw describeImapFailure(error, where(address));
    }
    return client;
  };

  /** INBOX and the sent folder, each with its message count (STATUS MESSAGES). */
  const folders = async (client: ImapFlow) => {
    const listed = await client.list();
    const sent =
      listed.find((folder) => folder.specialUse === '\\Sent') ??
      listed.find((folder) => folder.path.toLowerCase() === settings.sentFolder.toLowerCase());
    const paths = [{ path: 'INBOX', isSent: false }];
    if (sent) paths.push({ path: sent.path, isSent: true });
    return Promise.all(
      paths.map(async ({ path, isSent }) => {
        const status = await client.status(path, { messages: true });
        return { path, isSent, messages: status ? (status.messages ?? 0) : 0 };
      }),
    );
  };

  const plan = async (
    client: ImapFlow,
    folder: { path: string; isSent: boolean },
    previous: FolderState | undefined,
    dataFrom: string,
  ): Promise<FolderPlan> => {
    const opened = await client.mailboxOpen(folder.path, { readOnly: true });
    const uidValidity = String(opened.uidValidity);
    const state =
      previous && previous.uidValidity === uidValidity
        ? previous
        : { uidValidity, lastUid: 0, historyDone: false };
    const range = `${state.lastUid + 1}:*`;
    const query = state.historyDone ? { uid: range } : { uid: range, since: new Date(dataFrom) };
    const found = opened.exists === 0 ? [] : await client.search(query, { uid: true });
    // `n:*` always names the last message, even when its UID is below n.
    const pending = (found || []).filter((uid) => uid > state.lastUid).sort((a, b) => a - b);
    return { ref: { path: folder.path, uidValidity, isSent: folder.isSent }, pending, state };
  };

  async function* syncFrom(
    target: SyncTarget,
    cursor: SyncCursor | null,
    signal: AbortSignal,
  ): AsyncGenerator<SyncBatch> {
    const state = readCursor(cursor);
    const client = await connect(target.email);
    try {
      const listed = await folders(client);
      const total = listed.reduce((sum, folder) => sum + folder.messages, 0);
      const plans: FolderPlan[] = [];
      for (const folder of listed) {
        plans.push(await plan(client, folder, state.folders[folder.path], target.dataFrom));
      }
      let remaining = plans.reduce((sum, p) => sum + p.pending.length, 0);
      const snapshot = (): SyncCursor => ({ folders: { ...state.folders } });
      for (const p of plans) {
        state.folders[p.ref.path] = p.state;
        await client.mailboxOpen(p.ref.path, { readOnly: true });
        for (let start = 0; start < p.pending.length; start += batchSize) {
          signal.throwIfAborted();
          const uids = p.pending.slice(start, start + batchSize);
          const fetched = await client.fetchAll(
            uids.join(','),
            { uid: true, internalDate: true, headers: HEADER_FIELDS },
            { uid: true },
          );
          const lastUid = uids.at(-1) ?? p.state.lastUid;
          const folderDone = start + batchSize >= p.pending.length;
          state.folders[p.ref.path] = {
            uidValidity: p.ref.uidValidity,
            lastUid,
            historyDone: p.state.historyDone || folderDone,
          };
          remaining -= uids.length;
          yield {
            messages: fetched.map((message) => toSyncedMessage(p.ref, message)),
            cursor: snapshot(),
            historyLoaded: remaining === 0,
            progress: { done: Math.max(0, total - remaining), total },
          };
        }
        state.folders[p.ref.path] = { ...state.folders[p.ref.path]!, historyDone: true };
      }
      // One closing batch: records folders with nothing new, the reset of a changed UIDVALIDITY,
      // and the time of this sync.
      yield {
        messages: [],
        cursor: snapshot(),
        historyLoaded: true,
        progress: { done: total, total },
      };
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
        const listed = await folders(client);
        return { ok: true, messageCount: listed.reduce((sum, f) => sum + f.messages, 0) };
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
