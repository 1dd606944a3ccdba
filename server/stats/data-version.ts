import { SIGNED_IN_USER, signInReading, type AuthContext, type SignIn } from '../auth/authenticate';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { visibleMailboxes, type Viewer, type ViewerOrColumns } from '../repos/visible-mailboxes';
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

interface BaseRow {
  generation: number | null;
  version: number;
  visible: VisibleMailbox[];
}

/** The stamp and the mailboxes `viewer` may see, as columns: of given values or of the sign-in's row. */
const baseColumns = (viewer: ViewerOrColumns) => sql`
  (select current_generation from stats_state where workspace_id = ${viewer.workspaceId})
    as generation,
  (select coalesce(sum(version), 0) from stats_data_versions
    where workspace_id = ${viewer.workspaceId})::bigint as version,
  coalesce((select json_agg(v) from (${visibleMailboxes(viewer)}) v), '[]'::json) as visible`;

const baseOf = (row: BaseRow | undefined): StatsBase => ({
  stamp: `g${row?.generation ?? 0}:v${row?.version ?? 0}`,
  visible: row?.visible ?? [],
});

/** The caller's mailboxes and the stamp, in one statement on `db` (a transaction, say). */
export async function statsBase(db: Queryable, viewer: Viewer): Promise<StatsBase> {
  const [row] = await db.query<BaseRow>(sql`select ${baseColumns(viewer)}`);
  return baseOf(row);
}

const bases = new WeakMap<AuthContext, StatsBase>();

/**
 * The sign-in of the statistics operations: who is calling, their visible mailboxes and the
 * workspace's stamp, in the one statement of the sign-in (server/auth/authenticate.ts), read after
 * the request arrived and shared by concurrent requests. A cached reply costs that one read.
 */
export const signInWithStatsBase: SignIn = signInReading<BaseRow>(
  sql`, ${baseColumns(SIGNED_IN_USER)}`,
  (auth, row) => bases.set(auth, baseOf(row)),
);

/** What the sign-in of `auth` read for the statistics (signInWithStatsBase). */
export function statsBaseOf(auth: AuthContext): StatsBase {
  const base = bases.get(auth);
  if (!base) throw new Error('a statistics operation signs in with signInWithStatsBase');
  return base;
}
