import type { Queryable } from '../db/types';

// stats_daily_counts: the figures' message counts summed per mailbox and day, kept equal to
// aggregating stats_message_facts (not excluded) by the statements here. Parameters as in
// fact-sql: $1 workspace, $2 generation, $3 mailbox (null: all), $4 thread keys.

const COUNTS = `count(*) filter (where is_counted), count(*) filter (where is_reply),
       count(*) filter (where is_counted and is_replied),
       count(*) filter (where is_counted and not is_replied),
       count(*) filter (where is_internal), count(*) filter (where is_automated)`;

const INSERT = `insert into stats_daily_counts (workspace_id, generation, mailbox_id, local_date,
    received, sent, replied, unreplied, internal, automated)`;

/** A rebuild: every day of the generation from its freshly written message facts. */
export async function writeAllDays(tx: Queryable, workspaceId: number, generation: number) {
  await tx.query(`delete from stats_daily_counts where workspace_id = $1 and generation = $2`, [
    workspaceId,
    generation,
  ]);
  await tx.query(
    `${INSERT}
     select $1, $2, mailbox_id, local_date, ${COUNTS}
       from stats_message_facts
      where workspace_id = $1 and generation = $2 and not is_excluded
      group by mailbox_id, local_date`,
    [workspaceId, generation],
  );
}

/** The days some threads' facts are on (before a refresh deletes them, and after it writes). */
export async function threadDays(tx: Queryable, params: unknown[]): Promise<string[]> {
  const [row] = await tx.query<{ days: string[] | null }>(
    `select array_agg(distinct local_date::text) as days from stats_message_facts
      where workspace_id = $1 and generation = $2 and mailbox_id = $3::int
        and thread_key = any($4::text[])`,
    params.slice(0, 4),
  );
  return row?.days ?? [];
}

/** A refresh: the mailbox's counts of the given days, recomputed from its message facts. */
export async function rewriteDays(tx: Queryable, params: unknown[], days: string[]) {
  const [workspaceId, generation, mailboxId] = params;
  const args = [workspaceId, generation, mailboxId, days];
  await tx.query(
    `delete from stats_daily_counts where workspace_id = $1 and generation = $2
        and mailbox_id = $3::int and local_date = any($4::date[])`,
    args,
  );
  await tx.query(
    `${INSERT}
     select $1, $2, mailbox_id, local_date, ${COUNTS}
       from stats_message_facts
      where workspace_id = $1 and generation = $2 and mailbox_id = $3::int
        and local_date = any($4::date[]) and not is_excluded
      group by mailbox_id, local_date`,
    args,
  );
}
