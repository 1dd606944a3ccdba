import { sql, type Sql } from '../db/sql';
import type { Queryable } from '../db/types';
import type { Generation } from './fact-sql';

// stats_daily_counts: the figures' message counts summed per mailbox, day and `before` (the
// mailboxes holding the same message ahead of it, definition 4), kept equal to aggregating
// stats_message_facts (not excluded) by the statements here.

/** A mailbox's day whose counts a refresh recomputes. */
interface MailboxDay {
  mailbox_id: number;
  local_date: string;
}

const COUNTS = sql`count(*) filter (where is_counted), count(*) filter (where is_sent),
       count(*) filter (where is_counted and is_replied),
       count(*) filter (where is_counted and not is_replied),
       count(*) filter (where is_internal), count(*) filter (where is_automated)`;

const INSERT = sql`insert into stats_daily_counts (workspace_id, generation, mailbox_id, local_date,
    before, received, sent, replied, unreplied, internal, automated)`;

/** A rebuild: every day of the generation from its freshly written message facts. */
export async function writeAllDays(tx: Queryable, { workspaceId, generation }: Generation) {
  await tx.query(
    sql`delete from stats_daily_counts where workspace_id = ${workspaceId} and generation = ${generation}`,
  );
  await tx.query(
    sql`${INSERT}
     select ${workspaceId}, ${generation}, mailbox_id, local_date, before, ${COUNTS}
       from stats_message_facts
      where workspace_id = ${workspaceId} and generation = ${generation} and not is_excluded
      group by mailbox_id, local_date, before`,
  );
}

/** The mailboxes' days some facts are on (`where`: a condition on stats_message_facts). */
export async function scopeDays(tx: Queryable, where: Sql): Promise<MailboxDay[]> {
  return tx.query<MailboxDay>(
    sql`select distinct mailbox_id, local_date::text as local_date from stats_message_facts
      where ${where}`,
  );
}

/** A refresh: the counts of the given mailboxes' days, recomputed from their message facts. */
export async function rewriteDays(
  tx: Queryable,
  { workspaceId, generation }: Generation,
  days: readonly MailboxDay[],
) {
  if (days.length === 0) return;
  const mailboxes = days.map((day) => day.mailbox_id);
  const dates = days.map((day) => day.local_date);
  const pairs = sql`(select distinct * from unnest(${mailboxes}::int[], ${dates}::date[]) as p(mailbox_id, local_date))`;
  const where: Sql = sql`workspace_id = ${workspaceId} and generation = ${generation}
    and (mailbox_id, local_date) in ${pairs}`;
  await tx.query(sql`delete from stats_daily_counts where ${where}`);
  await tx.query(
    sql`${INSERT}
     select ${workspaceId}, ${generation}, mailbox_id, local_date, before, ${COUNTS}
       from stats_message_facts
      where ${where} and not is_excluded
      group by mailbox_id, local_date, before`,
  );
}
