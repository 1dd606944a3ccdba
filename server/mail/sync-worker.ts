import { sql } from '../db/sql';
import type { Db, Tx } from '../db/types';
import {
  claimDueMailboxes,
  failSync,
  finishSync,
  renewalSeconds,
  renewLease,
  type ClaimFilter,
  type ClaimedMailbox,
} from '../repos/mailbox-sync';
import { MailProviderError, type MailConnector, type SyncBatch } from './connector';
import { HEADER_NAMES } from './header-caps';
import { commitBatch, LeaseLostError, type CommitResult } from './store';
import { storedMail } from './stored-mail';

// Syncs due mailboxes: claims them under a lease in one short statement, talks to the provider
// outside any transaction, commits each batch with its cursor in a transaction of its own, then
// schedules the next run, or after a failure a backoff. A lease left by a killed process is taken
// over once it is no longer renewed, and the mailbox synced again from its last committed cursor.

/** Where the sync tells what it did to hostile mail (pino's signature). */
export interface SyncLog {
  warn(detail: object, message: string): void;
}

export interface SyncWorkerDeps {
  db: Db;
  /** Names this process in the lease rows. */
  owner: string;
  now: () => Date;
  /** The workspace's connector, or null when it has no mail settings. */
  connectorFor: (workspaceId: number) => Promise<MailConnector | null>;
  intervalS: number;
  leaseS?: number;
  /** Mailboxes claimed per statement. */
  claimLimit?: number;
  /** Called inside each batch's transaction with the threads whose figures are stale. */
  onThreadsChanged?: (
    tx: Tx,
    workspaceId: number,
    mailboxId: number,
    threadKeys: readonly string[],
  ) => Promise<void>;
  /** After each committed batch (progress lines, tests). */
  onBatch?: (mailbox: ClaimedMailbox, batch: SyncBatch, result: CommitResult) => void;
  log?: SyncLog;
}

export interface SyncOutcome {
  email: string;
  workspaceId: number;
  ok: boolean;
  /** The reason in words, when it failed. */
  error?: string;
}

const NO_SETTINGS =
  'This workspace has no mail settings yet: an operator sets them with npm run cli -- mail:imap ' +
  '(or mail:google, mail:microsoft, mail:demo).';

/** Seconds before the next try after `attempts` failures in a row: 30 s doubling, at most 1 h. */
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** attempts, 3600);

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** Rows a run stores before it first refreshes the planner's statistics, and the growth after. */
const FIRST_ANALYZE_AFTER = 1000;
const ANALYZE_GROWTH = 4;

/**
 * Refreshes the planner's statistics of the tables a sync grows (the messages, and the facts
 * the batch's refresh writes through onThreadsChanged) after the run's first 1,000 stored rows,
 * then whenever they have grown fourfold. Without statistics the planner takes a table for a
 * handful of rows and finds every index that starts with the workspace as cheap as the right
 * one: each stored copy and each thread's facts were looked up by scanning the whole mailbox,
 * so a batch's cost grew with the mailbox (40 s of a 10,000-message first sync, nearly all of
 * it). PGlite runs no autovacuum, and PostgreSQL's analyzes only after a tenth of a table
 * changed, too late for a new mailbox in a large table.
 */
export function statisticsKeeper(db: Db) {
  let stored = 0;
  let next = FIRST_ANALYZE_AFTER;
  return async (inserted: number) => {
    stored += inserted;
    if (stored < next) return;
    next = stored * ANALYZE_GROWTH;
    await db.query(sql`analyze messages, stats_message_facts, stats_requests`);
  };
}

/** One line per batch: which headers were cut in how many messages, never their values. */
function logCut(
  deps: SyncWorkerDeps,
  mailbox: ClaimedMailbox,
  cut: NonNullable<CommitResult['headersCut']>,
) {
  const headers = Object.fromEntries(
    Object.entries(cut).map(([key, count]) => [
      HEADER_NAMES[key as keyof typeof HEADER_NAMES],
      count,
    ]),
  );
  deps.log?.warn(
    { mailbox: mailbox.email, workspaceId: mailbox.workspaceId, headers },
    'mail sync: header values over 8 KiB cut before storing',
  );
}

async function syncMailbox(
  deps: SyncWorkerDeps,
  mailbox: ClaimedMailbox,
  connector: MailConnector,
  signal: AbortSignal,
) {
  const leaseS = deps.leaseS ?? 120;
  const lost = new AbortController();
  const both = AbortSignal.any([signal, lost.signal]);
  // Renewed every renewal period, so a slow provider call never lets it lapse, and a process
  // that stops renewing is taken over soon (server/repos/mailbox-sync.ts).
  const renewal = setInterval(
    () => {
      renewLease(deps.db, mailbox, deps.owner, deps.now(), leaseS).then(
        (held) => held || lost.abort(new LeaseLostError('the sync lease was lost')),
        () => undefined,
      );
    },
    renewalSeconds(leaseS) * 1000,
  );
  const target = { ...mailbox, leaseOwner: deps.owner };
  try {
    const stored = storedMail(deps.db, mailbox);
    const analyzeAfter = statisticsKeeper(deps.db);
    const batches = connector.sync({ ...mailbox, stored }, mailbox.cursor, both);
    for await (const batch of batches) {
      const result = await deps.db.transaction(async (tx) => {
        const committed = await commitBatch(tx, target, batch);
        if (committed.threads.length > 0) {
          await deps.onThreadsChanged?.(
            tx,
            mailbox.workspaceId,
            mailbox.mailboxId,
            committed.threads,
          );
        }
        return committed;
      });
      if (result.headersCut) logCut(deps, mailbox, result.headersCut);
      deps.onBatch?.(mailbox, batch, result);
      await analyzeAfter(result.inserted);
    }
  } finally {
    clearInterval(renewal);
  }
  if (lost.signal.aborted) throw lost.signal.reason;
}

async function runClaimed(
  deps: SyncWorkerDeps,
  mailbox: ClaimedMailbox,
  connectorOf: (workspaceId: number) => Promise<MailConnector | null>,
  signal: AbortSignal,
): Promise<SyncOutcome> {
  const outcome = { email: mailbox.email, workspaceId: mailbox.workspaceId };
  try {
    const connector = await connectorOf(mailbox.workspaceId);
    if (!connector) throw new MailProviderError(NO_SETTINGS, true);
    await syncMailbox(deps, mailbox, connector, signal);
    const nextRunAt = addSeconds(deps.now(), deps.intervalS);
    await finishSync(deps.db, mailbox, deps.owner, { nextRunAt, completed: true });
    return { ...outcome, ok: true };
  } catch (error) {
    // Another process holds the mailbox now: it records what happens next.
    if (error instanceof LeaseLostError) return { ...outcome, ok: false, error: error.message };
    // Stopped (server closing): due again at once, for whichever process runs next.
    if (signal.aborted) {
      await finishSync(deps.db, mailbox, deps.owner, { nextRunAt: deps.now(), completed: false });
      return { ...outcome, ok: false, error: 'The sync was stopped.' };
    }
    const known = error instanceof MailProviderError;
    const message = known ? error.message : `The sync failed: ${(error as Error).message}`;
    const failedAt = deps.now();
    const retryAt = addSeconds(failedAt, backoffSeconds(mailbox.attempts));
    const transient = !known || error.transient;
    await failSync(deps.db, mailbox, deps.owner, { message, transient, retryAt, failedAt });
    return { ...outcome, ok: false, error: message };
  }
}

/**
 * Claims and syncs due mailboxes until none is left (or `signal` stops it); each claimed
 * mailbox's outcome is returned. Mailboxes of one claim run one after another.
 */
export async function syncDueMailboxes(
  deps: SyncWorkerDeps,
  signal: AbortSignal,
  filter: ClaimFilter = {},
): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  const connectors = new Map<number, Promise<MailConnector | null>>();
  const connectorOf = (workspaceId: number) => {
    if (!connectors.has(workspaceId)) connectors.set(workspaceId, deps.connectorFor(workspaceId));
    return connectors.get(workspaceId)!;
  };
  try {
    while (!signal.aborted) {
      const claimed = await claimDueMailboxes(
        deps.db,
        deps.owner,
        deps.now(),
        deps.leaseS ?? 120,
        deps.claimLimit ?? 4,
        filter,
      );
      if (claimed.length === 0) break;
      for (const mailbox of claimed) {
        outcomes.push(await runClaimed(deps, mailbox, connectorOf, signal));
      }
    }
  } finally {
    for (const pending of connectors.values()) {
      await pending.then((connector) => connector?.close()).catch(() => undefined);
    }
  }
  return outcomes;
}
