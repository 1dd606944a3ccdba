import { sql, type Sql } from './sql';

// The embedded database is one process per data folder, and the folder's lock proves it: every
// lease in it was taken by a process that is gone (killed, crashed). They are void when the
// folder is opened, so a killed sync, rebuild or alert evaluation is taken up again at once
// rather than when its lease would have run out.

interface Runner {
  query<R extends object>(statement: Sql): Promise<R[]>;
}

/** Voids the leases of earlier processes; a schema not yet migrated has none. */
export async function voidEarlierLeases(db: Runner): Promise<void> {
  const [tables] = await db.query<{ sync: boolean; stats: boolean; alerts: boolean }>(sql`
    select to_regclass('mailbox_sync') is not null as sync,
           to_regclass('stats_state') is not null as stats,
           exists (select 1 from information_schema.columns
                    where table_schema = current_schema() and table_name = 'alerts'
                      and column_name = 'eval_lease_owner') as alerts`);
  if (tables?.sync) {
    await db.query(sql`update mailbox_sync set lease_owner = null, lease_expires_at = null
                        where lease_owner is not null`);
  }
  if (tables?.stats) {
    await db.query(sql`update stats_state set lease_owner = null, lease_expires_at = null
                        where lease_owner is not null`);
  }
  if (tables?.alerts) {
    await db.query(sql`update alerts set eval_lease_owner = null, eval_lease_expires_at = null
                        where eval_lease_owner is not null`);
  }
}
