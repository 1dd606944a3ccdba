import { randomUUID } from 'node:crypto';
import { EMPTY, sql } from '../db/sql';
import type { Db, Queryable } from '../db/types';
import { joinAllConversations } from './conversations';
import { computeFacts } from './fact-sql';
import { takeSnapshot } from './snapshot';

// The full rebuild: snapshot the settings into a new generation, compute its facts over the whole
// history, then swap it in with one short transaction. One rebuild per workspace at a time across
// processes: the stats_state row is a lease claimed under `for update skip locked`.

const LEASE = sql`interval '10 minutes'`;

/** Another process holds this workspace's rebuild lease. */
export class RebuildBusyError extends Error {
  override readonly name = 'RebuildBusyError';
}

interface RebuildResult {
  workspaceId: number;
  generation: number;
  messages: number;
  requests: number;
}

/** Every workspace has a state row; a new one is due for its first rebuild at once. */
async function ensureStates(db: Queryable, now: Date, workspaceId: number | null) {
  await db.query(
    sql`insert into stats_state (workspace_id, next_rebuild_at)
     select workspace_id, ${now} from workspaces where ${workspaceId}::int is null or workspace_id = ${workspaceId}
     on conflict (workspace_id) do nothing`,
  );
}

/** Claims the lease of one workspace: the given one, or else any whose rebuild is due. */
async function claim(db: Db, owner: string, now: Date, workspaceId: number | null) {
  const rows = await db.transaction((tx) =>
    tx.query<{ workspace_id: number }>(
      sql`update stats_state set lease_owner = ${owner}, lease_expires_at = ${now}::timestamptz + ${LEASE}
        where workspace_id = (
          select workspace_id from stats_state
           where (lease_expires_at is null or lease_expires_at <= ${now})
             and (case when ${workspaceId}::int is null then next_rebuild_at <= ${now} else workspace_id = ${workspaceId} end)
           order by next_rebuild_at limit 1 for update skip locked)
        returning workspace_id`,
    ),
  );
  return rows[0]?.workspace_id ?? null;
}

async function release(db: Db, workspaceId: number, owner: string, scheduleFrom: Date | null) {
  // The next run: 00:01 in the company timezone, after the one that just ran.
  const schedule = (from: Date) => sql`, next_rebuild_at = (
      select case when date_trunc('day', l.t) + interval '1 minute' > l.t
                  then date_trunc('day', l.t) + interval '1 minute'
                  else date_trunc('day', l.t) + interval '1 day 1 minute' end at time zone l.tz
        from (select tz, ${from}::timestamptz at time zone tz as t
                from (select coalesce((select timezone from company_business_hours
                                        where workspace_id = ${workspaceId}), 'UTC') as tz) z) l)`;
  await db.query(
    sql`update stats_state set lease_owner = null, lease_expires_at = null
       ${scheduleFrom ? schedule(scheduleFrom) : EMPTY}
      where workspace_id = ${workspaceId} and lease_owner = ${owner}`,
  );
}

/** Starts a generation: its settings snapshot, registered so refreshes mark threads they touch. */
async function startGeneration(db: Db, workspaceId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [state] = await tx.query<{ current_generation: number | null }>(
      sql`select current_generation from stats_state where workspace_id = ${workspaceId} for update`,
    );
    const current = state?.current_generation ?? 0;
    await dropGenerations(tx, workspaceId, current);
    const generation = current + 1;
    await takeSnapshot(tx, workspaceId, generation);
    await tx.query(
      sql`update stats_state set building_generation = ${generation} where workspace_id = ${workspaceId}`,
    );
    return generation;
  });
}

/** Removes every generation but `keep` (an interrupted build, or the one just replaced). */
async function dropGenerations(tx: Queryable, workspaceId: number, keep: number) {
  for (const table of [
    sql`stats_message_facts`,
    sql`stats_daily_counts`,
    sql`stats_requests`,
    sql`stats_dirty_threads`,
    sql`stats_generations`,
  ]) {
    await tx.query(
      sql`delete from ${table} where workspace_id = ${workspaceId} and generation <> ${keep}`,
    );
  }
}

/** Recomputes the threads changed during the build and makes the generation current. */
async function swapIn(db: Db, workspaceId: number, generation: number, owner: string) {
  await db.transaction(async (tx) => {
    const [state] = await tx.query<{ lease_owner: string | null }>(
      sql`select lease_owner from stats_state where workspace_id = ${workspaceId} for update`,
    );
    if (state?.lease_owner !== owner) throw new RebuildBusyError('The rebuild lease was lost.');
    const [dirty] = await tx.query<{ keys: string[] | null }>(
      sql`select array_agg(thread_key) as keys from stats_dirty_threads
        where workspace_id = ${workspaceId} and generation = ${generation}`,
    );
    if (dirty?.keys) await computeFacts(tx, workspaceId, generation, dirty.keys);
    await tx.query(
      sql`update stats_state set current_generation = ${generation}, building_generation = null,
              last_rebuilt_at = now() where workspace_id = ${workspaceId}`,
    );
  });
}

/** Conversations per transaction of an embedded rebuild: each holds the connection well under a second. */
const CONVERSATIONS_PER_STEP = 400;

/**
 * Joins the workspace's conversations, then writes the facts of every one into the new
 * generation, which nobody reads until it is swapped in. The join waits for the sync batches in
 * flight (the state row `for update`; they hold it `for share`) and holds new ones until it ends.
 * On PostgreSQL one transaction computes the whole history with set-based statements; readers
 * are not blocked. On PGlite a transaction holds the one connection, so that transaction held
 * every request until it ended (20 s and more for a 100,000-message workspace): there the
 * conversations go a few hundred per transaction, in the order they began (so each step touches
 * few days), and requests are served between steps. Conversations changed meanwhile are marked
 * and recomputed at the swap, as on PostgreSQL.
 */
async function computeGeneration(db: Db, workspaceId: number, generation: number, whole: boolean) {
  await db.transaction(async (tx) => {
    await tx.query(sql`select 1 from stats_state where workspace_id = ${workspaceId} for update`);
    await joinAllConversations(tx, { workspaceId, generation });
  });
  if (whole || db.kind === 'postgres') {
    await db.transaction((tx) => computeFacts(tx, workspaceId, generation, null));
    return;
  }
  const conversations = await db.query<{ key: string }>(sql`
    select conversation_key as key from messages where workspace_id = ${workspaceId}
     group by conversation_key order by min(sent_at), conversation_key`);
  for (let start = 0; start < conversations.length; start += CONVERSATIONS_PER_STEP) {
    const keys = conversations.slice(start, start + CONVERSATIONS_PER_STEP).map((row) => row.key);
    await db.transaction((tx) => computeFacts(tx, workspaceId, generation, keys));
  }
  await db.query(sql`analyze stats_message_facts, stats_daily_counts`);
}

async function rebuildClaimed(
  db: Db,
  workspaceId: number,
  owner: string,
  whole = false,
): Promise<RebuildResult> {
  const generation = await startGeneration(db, workspaceId);
  await computeGeneration(db, workspaceId, generation, whole);
  await swapIn(db, workspaceId, generation, owner);
  await db.transaction((tx) => dropGenerations(tx, workspaceId, generation));
  // The summary reads percentiles from indexes alone (summary-sql.ts) once their pages are marked
  // all-visible, which only a vacuum does (PGlite has no autovacuum); it also clears the old
  // generation's rows. Skipped while another vacuum holds the table: that one does it.
  await db.query(sql`vacuum (analyze, skip_locked) stats_requests`);
  const [counts] = await db.query<{ messages: number; requests: number }>(
    sql`select (select count(*) from stats_message_facts where workspace_id = ${workspaceId} and generation = ${generation})::int as messages,
            (select count(*) from stats_requests where workspace_id = ${workspaceId} and generation = ${generation})::int as requests`,
  );
  return {
    workspaceId,
    generation,
    messages: counts?.messages ?? 0,
    requests: counts?.requests ?? 0,
  };
}

interface RebuildOptions {
  /**
   * One transaction on PGlite too: faster, and right when nothing else waits for the database
   * (the first start's seed, before the server listens).
   */
  whole?: boolean;
}

/**
 * Rebuilds one workspace's facts now and schedules the next daily rebuild after it (so the
 * worker does not repeat it at once); RebuildBusyError when another rebuild holds its lease.
 */
export async function rebuildWorkspaceStats(
  db: Db,
  workspaceId: number,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const owner = `rebuild-${randomUUID()}`;
  const now = new Date();
  await ensureStates(db, now, workspaceId);
  const claimed = await claim(db, owner, now, workspaceId);
  if (claimed === null) {
    throw new RebuildBusyError(`Workspace ${workspaceId} is being rebuilt by another process.`);
  }
  let done: Date | null = null;
  try {
    const result = await rebuildClaimed(db, workspaceId, owner, options.whole);
    done = now;
    return result;
  } finally {
    await release(db, workspaceId, owner, done);
  }
}

/**
 * The worker task: claims each workspace whose rebuild is due (new workspaces at once, then daily
 * at 00:01 in the company timezone), rebuilds it and schedules the next. Returns the rebuilds done.
 */
export async function runDueRebuilds(db: Db, owner: string, now: Date): Promise<RebuildResult[]> {
  await ensureStates(db, now, null);
  const done: RebuildResult[] = [];
  for (;;) {
    const workspaceId = await claim(db, owner, now, null);
    if (workspaceId === null) return done;
    try {
      done.push(await rebuildClaimed(db, workspaceId, owner));
    } catch (error) {
      // Still due: the next run tries again.
      await release(db, workspaceId, owner, null);
      throw error;
    }
    await release(db, workspaceId, owner, now);
  }
}
