import { sql } from '../db/sql';
import type { Db } from '../db/types';
import { evaluateLeased, leaseDueAlerts } from './evaluation-sql';

/** Longer than an evaluation can take; a process killed mid-run frees its alerts after it. */
const LEASE_SECONDS = 300;
const MAX_ALERTS_PER_RUN = 5_000;
/** A run that notified this many pairs refreshes alert_notified's statistics (see below). */
const ANALYZE_AFTER_PAIRS = 1_000;

interface EvaluationResult {
  /** Alerts evaluated in this run. */
  alerts: number;
  /** (alert, message) pairs notified for the first time. */
  notified: number;
  /** Outbox rows written (one email and one webhook per alert that fired). */
  outboxRows: number;
}

interface EvaluateOptions {
  /** When an evaluated alert is next due (ALERT_INTERVAL_S). */
  intervalSeconds?: number;
}

/**
 * One evaluation run: leases the due alerts (one short transaction), then evaluates them all with
 * one set-based statement that also writes the outbox and releases the leases. `owner` names this
 * process and run; `now` is the caller's clock.
 */
export async function evaluateAlerts(
  db: Db,
  owner: string,
  now: Date,
  { intervalSeconds = 60 }: EvaluateOptions = {},
): Promise<EvaluationResult> {
  const leased = await db.transaction((tx) =>
    tx.query(leaseDueAlerts({ owner, now, seconds: LEASE_SECONDS, most: MAX_ALERTS_PER_RUN })),
  );
  if (leased.length === 0) return { alerts: 0, notified: 0, outboxRows: 0 };
  const [row] = await db.transaction((tx) =>
    tx.query<{ alerts: number; notified: number; outbox_rows: number }>(
      evaluateLeased(owner, now, intervalSeconds),
    ),
  );
  // Many pairs at once (the first run after an outage, or over many new alerts): planned as the
  // tiny table its last statistics describe, the next run's "not yet notified" test would compare
  // every match with every pair instead of looking each up, minutes instead of seconds.
  if ((row?.notified ?? 0) >= ANALYZE_AFTER_PAIRS) await db.query(sql`analyze alert_notified`);
  return {
    alerts: row?.alerts ?? 0,
    notified: row?.notified ?? 0,
    outboxRows: row?.outbox_rows ?? 0,
  };
}
