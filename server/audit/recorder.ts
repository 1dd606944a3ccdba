import { dbIdentity, UNDERLYING_DB } from '../db/identity';
import type { Db, Tx } from '../db/types';
import type { OperationId } from '../contract/types';
import { appendEntry } from './append';
import { changedFields, masked, targetOf, touchedItems, type Item } from './changes';
import type { AuditInput, Description } from './description';
import { listenForReport, type Change } from './report';
import type { Actor, Client, Fields } from './entry';

/** Who calls: the signed-in user (null on a public operation, which its description locates). */
interface Caller {
  actor: Actor | null;
  client: Client;
}

interface Located {
  workspaceId: number;
  actor: Actor;
  client: Client;
}

interface Recorder {
  /** The Db the handler gets: each transaction it opens records the change it made. */
  db: Db;
  /** After the handler succeeded: records the operation if no transaction changed its target. */
  finish(): Promise<void>;
}

/**
 * Records one audited write. Each transaction the handler opens reads the target before and after
 * its work and, when the target changed, appends the entry in that same transaction, so the
 * change and its entry commit together or not at all. A write that changed nothing (the same
 * hours saved again) is recorded once it succeeded, with nothing before or after. A handler whose
 * description `reports` tells its target before and after itself (server/audit/report.ts), and
 * its transaction then reads nothing for the log: it only appends.
 */
export function startRecording<O extends OperationId>(
  db: Db,
  operationId: O,
  description: Description<O>,
  input: AuditInput<O>,
  caller: Caller,
): Recorder {
  let recorded = false;
  const operation = description.operation ?? operationId;

  async function record(tx: Tx, before: Item[], after: Item[], force: boolean, who: Located) {
    const changes = changedFields(before, after, description.many === true);
    const changed = Object.keys(changes.before).length + Object.keys(changes.after).length > 0;
    if (!changed && !force) return;
    if (recorded) throw new Error(`${operationId} changed its target in two transactions`);
    const extra = description.request ? (masked(description.request(input)) as Fields) : {};
    await appendEntry(tx, {
      workspaceId: who.workspaceId,
      actor: who.actor,
      client: who.client,
      operation,
      target: targetOf(description.target, touchedItems(before, after)),
      before: changes.before,
      after: { ...changes.after, ...extra },
    });
    recorded = true;
  }

  /** Who acts in which workspace; null when a public request names nothing (it is refused). */
  async function located(tx: Tx): Promise<Located | null> {
    const { actor, client } = caller;
    if (actor) return { actor, client, workspaceId: input.workspaceId };
    if (!description.locate) throw new Error(`${operationId} is public: describe how to locate it`);
    const found = await description.locate(tx, input);
    if (!found) return null;
    input.workspaceId = found.workspaceId;
    return { ...found, client };
  }

  async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const who = await located(tx);
      if (!who) return fn(tx);
      if (description.reports) return reported(tx, who, fn);
      const before = await description.read(tx, input, null);
      const result = await fn(tx);
      await record(tx, before, await description.read(tx, input, before), false, who);
      return result;
    });
  }

  /** A transaction whose handler reports its change: recorded even when nothing changed. */
  async function reported<T>(tx: Tx, who: Located, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const heard: { change?: Change } = {};
    const result = await listenForReport(
      tx,
      (change) => (heard.change = change),
      () => fn(tx),
    );
    if (heard.change) await record(tx, heard.change.before, heard.change.after, true, who);
    return result;
  }

  return {
    db: withTransaction(db, transaction),
    finish: async () => {
      if (recorded) return;
      if (description.reports) throw new Error(`${operationId} did not report its change`);
      await db.transaction(async (tx) => {
        const who = await located(tx);
        if (!who) return;
        const now = await description.read(tx, input, null);
        await record(tx, now, now, true, who);
      });
    },
  };
}

/** The Db with its transactions run by `transaction` (which records them) and all else as is. */
export function withTransaction(db: Db, transaction: Db['transaction']): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      if (key === UNDERLYING_DB) return dbIdentity(target);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
