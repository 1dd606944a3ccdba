import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';

// stats_daily_counts: the figures' message counts summed per mailbox and day, kept equal to
// aggregating stats_message_facts (not excluded) by the statements here.

/** Some threads of one mailbox: the facts a refresh recomputes. */
export interface FactScope {
  mailboxId: number;
  threadKeys: readonly string[];
}

const COUNTS = sql`count(*) filter (where is_counted), count(*) filter (where is_reply),
       count(*) filter (where is_counted and is_replied),
       count(*) filter (where is_counted and not is_replied),
       count(*) filter (where is_internal), count(*) filter (where is_automated)`;

const INSERT = sql`insert into stats_daily_counts (workspace_id, generation, mailbox_id, local_date,
    received, sent, replied, unreplied, internal, automated)`;

/** A rebuild: every day of the generation from its freshly written message facts. */
export async function writeAllDays(tx: Queryable, workspaceId: number, generation: number) {
  await tx.query(
    sql`delete from stats_daily_counts where workspace_id = ${workspaceId} and generation = ${generation}`,
  );
  await tx.query(
    sql`${INSERT}
     select ${workspaceId}, ${generation}, mailbox_id, local_date, ${COUNTS}
       from stats_message_facts
      where workspace_id = ${workspaceId} and generation = ${generation} and not is_excluded
      group by mailbox_id, local_date`,
  );
}

/** The days some threads' facts are on (before a refresh deletes them, and after it writes). */
export async function threadDays(
  tx: Queryable,
  workspaceId: number,
  generation: number,
  { mailboxId, threadKeys }: FactScope,
): Promise<string[]> {
  const [row] = await tx.query<{ days: string[] | null }>(
    sql`select array_agg(distinct local_date::text) as days from stats_message_facts
      where workspace_id = ${workspaceId} and generation = ${generation} and mailbox_id = ${mailboxId}::int
        and thread_key = any(${threadKeys}::text[])`,
  );
  return row?.days ?? [];
}

/** A refresh: the mailbox's counts of the given days, recomputed from its message facts. */
export async function rewriteDays(
  tx: Queryable,
  workspaceId: number,
  generation: number,
  mailboxId: number,
  days: string[],
) {
  const where: Sql = sql`workspace_id = ${workspaceId} and generation = ${generation}`;
  await tx.query(
    sql`delete from stats_daily_counts where ${where}
        and mailbox_id = ${mailboxId}::int and local_date = any(${days}::date[])`,
  );
  await tx.query(
    sql`${INSERT}
     select ${workspaceId}, ${generation}, mailbox_id, local_date, ${COUNTS}
       from stats_message_facts
      where ${where} and mailbox_id = ${mailboxId}::int
        and local_date = any(${days}::date[]) and not is_excluded
      group by mailbox_id, local_date`,
  );
}
