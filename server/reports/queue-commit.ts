import { sql } from '../db/sql';
import type { Db } from '../db/types';
import type { ReportPeriods } from './figures';
import type { ReportPayload } from './render';

// The scheduler's commit: a batch of rendered reports in one transaction (one commit, not one per
// report), set-based. Each report's outbox row and ledger row are written in one statement; the
// ledger's key (subscription, period) refuses a period another process queued first, and that
// report's outbox row goes again before the commit. A subscription's progress moves only with its
// ledger row, or when its period is passed over.

/** A claimed report, rendered (or null: it covers nothing, its period is passed over). */
export interface Prepared {
  workspace_id: number;
  subscription_id: number;
  send_date: string;
  give_up_at: string;
  periods: ReportPeriods;
  payload: ReportPayload | null;
}

export interface Committed {
  queued: number;
  skipped: number;
  /** Queued first by another process: nothing of this one's was kept. */
  taken: number;
}

interface Key {
  workspace_id: number;
  subscription_id: number;
}

const same = (a: Key, b: Key) =>
  a.workspace_id === b.workspace_id && a.subscription_id === b.subscription_id;

/** Commits `batch` in one transaction; throws (and keeps nothing) when any row is refused. */
export async function commitReports(db: Db, batch: Prepared[], now: Date): Promise<Committed> {
  const rendered = batch.filter((item) => item.payload !== null);
  const rows = JSON.stringify(
    rendered.map((item) => ({
      workspace_id: item.workspace_id,
      subscription_id: item.subscription_id,
      payload: item.payload,
      give_up_at: item.give_up_at,
      period_from: item.periods.period.from,
      period_to: item.periods.period.to,
    })),
  );
  return db.transaction(async (tx) => {
    const written = await tx.query<Key & { request_id: number; kept: boolean }>(sql`
      with r as (
        select * from jsonb_to_recordset(${rows}::jsonb) as r(workspace_id int,
          subscription_id int, payload jsonb, give_up_at timestamptz, period_from date,
          period_to date)
      ), outbox as (
        insert into outbound_requests
          (workspace_id, kind, subscription_id, payload, give_up_at, next_attempt_at)
        select r.workspace_id, 'report_email', r.subscription_id, r.payload, r.give_up_at, ${now}
          from r
        returning workspace_id, subscription_id, request_id
      ), ledger as (
        insert into report_deliveries
          (workspace_id, subscription_id, period_from, period_to, request_id, queued_at)
        select o.workspace_id, o.subscription_id, r.period_from, r.period_to, o.request_id, ${now}
          from outbox o join r using (workspace_id, subscription_id)
        on conflict do nothing
        returning workspace_id, request_id
      )
      select o.workspace_id, o.subscription_id, o.request_id, l.request_id is not null as kept
        from outbox o left join ledger l using (workspace_id, request_id)`);
    const refused = written.filter((row) => !row.kept);
    if (refused.length > 0) {
      await tx.query(sql`delete from outbound_requests o
        using jsonb_to_recordset(${JSON.stringify(refused)}::jsonb) as d(workspace_id int, request_id int)
        where o.workspace_id = d.workspace_id and o.request_id = d.request_id`);
    }
    const done = batch
      .filter((item) => !refused.some((row) => same(row, item)))
      .map(({ workspace_id, subscription_id, send_date }) => ({
        workspace_id,
        subscription_id,
        send_date,
      }));
    await tx.query(sql`
      update report_subscriptions s
         set last_send_date = greatest(s.last_send_date, d.send_date),
             lease_owner = null, lease_expires_at = null
        from jsonb_to_recordset(${JSON.stringify(done)}::jsonb)
             as d(workspace_id int, subscription_id int, send_date date)
       where s.workspace_id = d.workspace_id and s.subscription_id = d.subscription_id`);
    return {
      queued: rendered.length - refused.length,
      skipped: batch.length - rendered.length,
      taken: refused.length,
    };
  });
}
