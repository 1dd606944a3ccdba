// The figures /metrics reads from the database at each scrape, over every workspace: the outbox
// by kind and state with its oldest waiting row, the last successful sync of each mailbox, how
// far behind the alert evaluation is, and the pool's connections on PostgreSQL.
import { Gauge, type Registry } from 'prom-client';
import { sql } from '../db/sql';
import type { Db } from '../db/types';

interface OutboxRow {
  kind: string;
  state: string;
  depth: number;
  oldest_s: number | null;
}

function gauges(registers: Registry[]) {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Gauge({ name, help, labelNames, registers });
  return {
    outboxDepth: gauge(
      'mailpulse_outbox_depth',
      'Outbox rows by kind and state (pending, failed).',
      ['kind', 'state'],
    ),
    outboxOldest: gauge(
      'mailpulse_outbox_oldest_age_seconds',
      'Age of the oldest pending outbox row, by kind.',
      ['kind'],
    ),
    reportQueue: gauge('mailpulse_report_queue', 'Report emails waiting in the outbox.', []),
    lastSync: gauge(
      'mailpulse_mailbox_last_sync_timestamp_seconds',
      'When each mailbox last synced successfully (Unix time).',
      ['workspace_id', 'mailbox'],
    ),
    alertLag: gauge(
      'mailpulse_alert_evaluation_lag_seconds',
      'How long the most overdue active alert has been waiting for its evaluation (0 when none).',
      [],
    ),
    pool: gauge('mailpulse_db_pool_connections', 'PostgreSQL pool connections by state.', [
      'state',
    ]),
  };
}

export function readDatabaseFigures(db: Db, registers: Registry[], now: () => Date) {
  const g = gauges(registers);
  return async () => {
    const at = now().toISOString();
    const outbox = await db.query<OutboxRow>(sql`
      select kind,
             case when failed_at is null then 'pending' else 'failed' end as state,
             count(*)::int as depth,
             extract(epoch from (${at}::timestamptz - min(created_at)))::float8 as oldest_s
        from outbound_requests
       where delivered_at is null
       group by 1, 2`);
    const mailboxes = await db.query<{ workspace_id: number; email: string; at_s: number }>(sql`
      select s.workspace_id, m.email, extract(epoch from s.last_synced_at)::float8 as at_s
        from mailbox_sync s
        join mailboxes m on m.workspace_id = s.workspace_id and m.mailbox_id = s.mailbox_id
       where s.last_synced_at is not null`);
    const [lag] = await db.query<{ lag_s: number }>(sql`
      select coalesce(max(extract(epoch from (
               ${at}::timestamptz - greatest(next_evaluation_at, created_at)))), 0)::float8 as lag_s
        from alerts
       where is_active and next_evaluation_at <= ${at}::timestamptz`);
    g.outboxDepth.reset();
    g.outboxOldest.reset();
    for (const row of outbox) {
      g.outboxDepth.set({ kind: row.kind, state: row.state }, row.depth);
      if (row.state === 'pending') g.outboxOldest.set({ kind: row.kind }, row.oldest_s ?? 0);
    }
    const reports = outbox.find((row) => row.kind === 'report_email' && row.state === 'pending');
    g.reportQueue.set(reports?.depth ?? 0);
    g.lastSync.reset();
    for (const row of mailboxes) {
      g.lastSync.set({ workspace_id: String(row.workspace_id), mailbox: row.email }, row.at_s);
    }
    g.alertLag.set(Math.max(0, lag?.lag_s ?? 0));
    const pool = db.poolUse?.();
    if (pool) {
      g.pool.set({ state: 'total' }, pool.total);
      g.pool.set({ state: 'idle' }, pool.idle);
      g.pool.set({ state: 'waiting' }, pool.waiting);
    }
  };
}
