import type { Tx } from '../db/types';
import type { BodyOf, OperationId, ParamsOf, QueryOf } from '../contract/types';
import type { Item } from './changes';
import type { Actor, Fields } from './entry';

// How each write operation of the contract is audited (docs/audit.md): the type of its target
// and how to read the target's state inside the change's transaction, before and after it. The
// table of every operation's description is server/audit/operations.ts.

export interface AuditInput<O extends OperationId> {
  body: BodyOf<O>;
  query: QueryOf<O>;
  params: ParamsOf<O>;
  workspaceId: number;
  /** The signed-in caller (null on a public operation). */
  userId: number | null;
  email: string | null;
  /** The hash of the caller's session token (never the token). */
  tokenHash: string | null;
}

interface Described<O extends OperationId> {
  /** `team`, `mailbox`, … */
  target: string;
  /** The entry's operation when not the operation id (`signOut` for expireToken). */
  operation?: string;
  /** The target is a list (a delete of several): before/after are keyed by each item's name. */
  many?: boolean;
  /** What the request asked besides the target's state (a removal's `delete_from_bq`). */
  request?(input: AuditInput<O>): Fields;
  /** A public operation's workspace and actor, from its request (the unsubscribe token). */
  locate?(tx: Tx, input: AuditInput<O>): Promise<{ workspaceId: number; actor: Actor } | null>;
}

type Read<O extends OperationId> = (
  tx: Tx,
  input: AuditInput<O>,
  previous: readonly Item[] | null,
) => Promise<Item[]>;

/** A write the recorder reads the target of, before and after the handler's change. */
interface ReadAround<O extends OperationId> extends Described<O> {
  reports?: undefined;
  /**
   * The target's items now. Called inside the transaction before and after the handler's change;
   * the second call gets what the first read, so a renamed item is found again by its id.
   */
  read: Read<O>;
}

/**
 * A write whose handler reports its target before and after from its own statements
 * (reportChange in server/audit/report.ts), so the log reads nothing for it.
 */
interface Reported<O extends OperationId> extends Described<O> {
  reports: true;
  /**
   * How the target reads, for the tests that hold each report to what reads around the write see
   * (test/server/audit/audit-reported*.test.ts); none where a later read cannot find the target
   * (the rows a transaction created).
   */
  read?: Read<O>;
}

export type Description<O extends OperationId> = ReadAround<O> | Reported<O>;

/** A write that changes nothing a person would audit, and why. */
interface NotAudited {
  notAudited: string;
}

export type Descriptions = { [O in OperationId]?: Description<O> | NotAudited };

export const isAudited = <O extends OperationId>(
  entry: Description<O> | NotAudited | undefined,
): entry is Description<O> => entry !== undefined && !('notAudited' in entry);
