import { sql } from '../db/sql';
import type { Queryable } from '../db/types';

// What a workspace's figures depend on, as a stamp that changes whenever any of it does: the
// current generation (a rebuild swapped in) and the sum of its data versions (migration 0014),
// which sync batches and per-thread refreshes bump in their own transaction, and triggers bump
// when mailbox addresses, teams or contact groups change.

/** Marks a mailbox's synced mail or statistics facts changed, in the transaction that changes them. */
export async function bumpDataVersion(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
): Promise<void> {
  await tx.query(sql`
    insert into stats_data_versions as v (workspace_id, mailbox_id, version)
    values (${workspaceId}, ${mailboxId}, 1)
    on conflict (workspace_id, mailbox_id) do update set version = v.version + 1`);
}

/** The workspace's stamp, e.g. `g3:v1042`; equal stamps mean equal figures. */
export async function readStatsStamp(tx: Queryable, workspaceId: number): Promise<string> {
  const [row] = await tx.query<{ generation: number | null; version: number }>(sql`
    select (select current_generation from stats_state where workspace_id = ${workspaceId})
             as generation,
           (select coalesce(sum(version), 0) from stats_data_versions
             where workspace_id = ${workspaceId})::bigint as version`);
  return `g${row?.generation ?? 0}:v${row?.version ?? 0}`;
}
