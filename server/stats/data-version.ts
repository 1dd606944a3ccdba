import { eachKey, sharedReads } from '../db/fresh-batch';
import { prepared, sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { visibilityKey, visibleMailboxes, type Viewer } from '../repos/visible-mailboxes';
import type { VisibleMailbox } from './scope';

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

/** What a statistics request reads before its figure: the caller's mailboxes and the stamp. */
interface StatsBase {
  /** e.g. `g3:v1042`; equal stamps mean equal figures. */
  stamp: string;
  visible: VisibleMailbox[];
}

/** The caller's mailboxes and the stamp, in one statement on `db` (a transaction, say). */
export async function statsBase(db: Queryable, viewer: Viewer): Promise<StatsBase> {
  const { workspaceId } = viewer;
  const [row] = await db.query<{
    generation: number | null;
    version: number;
    visible: VisibleMailbox[];
  }>(
    prepared(
      'mailpulse_stats_base',
      sql`
    select (select current_generation from stats_state where workspace_id = ${workspaceId})
             as generation,
           (select coalesce(sum(version), 0) from stats_data_versions
             where workspace_id = ${workspaceId})::bigint as version,
           coalesce((select json_agg(v) from (${visibleMailboxes(viewer)}) v), '[]'::json)
             as visible`,
    ),
  );
  return { stamp: `g${row?.generation ?? 0}:v${row?.version ?? 0}`, visible: row?.visible ?? [] };
}

const baseReads = sharedReads(eachKey(statsBase, visibilityKey), visibilityKey);

/**
 * The caller's visible mailboxes and the workspace's stamp, in one statement read after the
 * request arrived; concurrent requests of the same visibility share it (server/db/fresh-batch.ts).
 */
export async function readStatsBase(db: Queryable, viewer: Viewer): Promise<StatsBase> {
  const base = await baseReads(db).load(viewer);
  if (!base) throw new Error('the statistics base read returned nothing');
  return base;
}
