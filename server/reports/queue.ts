import { sql } from '../db/sql';
import type { Db, Queryable } from '../db/types';
import { findRecord, type SubscriptionRecord } from '../repos/reports';
import { StatsResultCache } from '../stats/result-cache';
import { periodsOfSendDate, type ReportPeriods } from './figures';
import { commitReports, type Committed, type Prepared } from './queue-commit';
import { renderReport, type ReportPayload } from './render';

// The report scheduler. Each poll leases the due subscriptions (one short statement, `for update
// skip locked`, so several processes share them), renders each report outside any transaction,
// then commits the outbox rows, the ledger rows and the subscriptions' progress together
// (queue-commit.ts). The
// ledger's key (subscription, period) refuses a second report of a period, whichever process
// renders it and whenever, so a killed or slow process can only lose time, never double a report.
// Due means: the latest send date whose 08:00 (company timezone) has passed is after the last
// one handled. A server that was down sends the missed period once when it is back; periods
// older than that are passed over, not sent late.

/** Longer than rendering a batch takes; a process killed mid-run frees its claims after it. */
const LEASE_SECONDS = 300;
const CLAIM_BATCH = 20;
/** Reports rendered at once: their statistics queries run while another report renders. */
const PARALLEL = { postgres: 4, pglite: 1 } as const;

interface Claim {
  workspace_id: number;
  subscription_id: number;
  send_date: string;
  give_up_at: string;
}

/** Leases up to `limit` due subscriptions of workspaces whose reports feature is on. */
async function claimDue(db: Db, owner: string, now: Date, limit: number): Promise<Claim[]> {
  const latest = sql`report_send_date(s.frequency,
      ((${now}::timestamptz at time zone report_timezone(s.workspace_id)) - interval '8 hours')::date)`;
  return db.transaction((tx) =>
    tx.query<Claim>(sql`
      with due as (
        select s.workspace_id, s.subscription_id, d.send_date
          from report_subscriptions s
          cross join lateral (select ${latest} as send_date) d
         where d.send_date > s.last_send_date
           and (s.lease_expires_at is null or s.lease_expires_at <= ${now})
           and not exists (select 1 from workspace_features f
                            where f.workspace_id = s.workspace_id and f.feature = 'reports'
                              and not f.enabled)
         order by s.workspace_id, s.subscription_id
         limit ${limit}
         for update of s skip locked)
      update report_subscriptions s
         set lease_owner = ${owner},
             lease_expires_at = ${now}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
        from due
       where s.workspace_id = due.workspace_id and s.subscription_id = due.subscription_id
      returning s.workspace_id, s.subscription_id, due.send_date,
        -- Retried until the next report is due, at most a day: a report is not sent late.
        least(${now}::timestamptz + interval '24 hours',
              (report_next_send_date(s.frequency, due.send_date) + time '08:00')
                at time zone report_timezone(s.workspace_id)) as give_up_at`),
  );
}

/** Puts a rendered report in the outbox; its id. */
async function insertReportRow(
  q: Queryable,
  workspaceId: number,
  payload: ReportPayload,
  giveUpAt: Date | string,
  now: Date,
): Promise<number> {
  const [row] = await q.query<{ request_id: number }>(sql`
    insert into outbound_requests
      (workspace_id, kind, subscription_id, payload, give_up_at, next_attempt_at)
    values (${workspaceId}, 'report_email', ${payload.subscription_id},
            ${JSON.stringify(payload)}::jsonb, ${giveUpAt}, ${now})
    returning request_id`);
  if (!row) throw new Error('the report was not queued');
  return row.request_id;
}

interface RunOptions {
  owner: string;
  now: Date;
  publicUrl: string;
}

interface PassOptions extends RunOptions {
  /** The figures this pass computed, shared by the reports of the same scope (render.ts). */
  figureCache: StatsResultCache;
}

/** Renders one claimed report (null payload: it covers nothing); null when it is gone. */
async function prepareClaim(db: Db, claim: Claim, options: PassOptions): Promise<Prepared | null> {
  const record = await findRecord(db, claim.workspace_id, claim.subscription_id);
  if (!record) return null;
  const periods = await periodsOfSendDate(db, record.frequency, claim.send_date);
  const rendered = await renderReport(db, record, periods, { ...options, onDemand: false });
  return { ...claim, periods, payload: rendered?.payload ?? null };
}

interface QueueResult {
  queued: number;
  /** Due reports that covered no mailbox the recipient may see: their period is passed over. */
  skipped: number;
  /** Reports that failed to render or queue; they are tried again when their lease ends. */
  failed: number;
}

interface QueueOptions extends RunOptions {
  signal?: AbortSignal;
  log?: { error(detail: object, message: string): void };
}

type Log = QueueOptions['log'];

/**
 * Commits a batch at once; when that fails (a subscription removed meanwhile, say), each report
 * on its own, so one refused row holds back no other.
 */
async function commitBatch(db: Db, batch: Prepared[], now: Date, result: QueueResult, log: Log) {
  const add = (committed: Committed) => {
    result.queued += committed.queued;
    result.skipped += committed.skipped;
  };
  if (batch.length === 0) return;
  try {
    add(await commitReports(db, batch, now));
  } catch (error) {
    if (batch.length > 1) {
      for (const item of batch) await commitBatch(db, [item], now, result, log);
      return;
    }
    result.failed += 1;
    log?.error(
      { err: error, subscription: batch[0]?.subscription_id },
      'a report could not be queued',
    );
  }
}

/**
 * One scheduler pass: every due report of every workspace, batch after batch. A batch's reports
 * render a few at a time (their statistics queries run while another report renders), then
 * commit together.
 */
export async function queueDueReports(db: Db, options: QueueOptions): Promise<QueueResult> {
  const result: QueueResult = { queued: 0, skipped: 0, failed: 0 };
  const seen = new Set<string>();
  const pass = { ...options, figureCache: new StatsResultCache() };
  while (!options.signal?.aborted) {
    const claims = (await claimDue(db, options.owner, options.now, CLAIM_BATCH)).filter(
      (claim) => !seen.has(`${claim.workspace_id}:${claim.subscription_id}`),
    );
    if (claims.length === 0) break;
    const batch: Prepared[] = [];
    await inParallel(claims, PARALLEL[db.kind], async (claim) => {
      seen.add(`${claim.workspace_id}:${claim.subscription_id}`);
      try {
        const prepared = await prepareClaim(db, claim, pass);
        if (prepared) batch.push(prepared);
      } catch (error) {
        result.failed += 1;
        options.log?.error({ err: error, subscription: claim }, 'a report could not be rendered');
      }
    });
    await commitBatch(db, batch, options.now, result, options.log);
  }
  return result;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * A copy of a report outside the schedule ("Send me one now", the CLI's reports:send): queued at
 * once, retried for a day, not in the ledger. Null when the report covers no mailbox.
 */
export async function queueReportCopy(
  db: Db,
  record: SubscriptionRecord,
  periods: ReportPeriods,
  options: { now: Date; publicUrl: string },
): Promise<ReportPayload | null> {
  const rendered = await renderReport(db, record, periods, { ...options, onDemand: true });
  if (!rendered) return null;
  const giveUpAt = new Date(options.now.getTime() + 24 * 3_600_000);
  await db.transaction((tx) =>
    insertReportRow(tx, record.workspace_id, rendered.payload, giveUpAt, options.now),
  );
  return rendered.payload;
}
