import { sql } from '../db/sql';
import type { Tx } from '../db/types';
import { bumpDataVersion } from './data-version';
import { joinConversations } from './conversations';
import { computeFacts } from './fact-sql';
import { takeSnapshot } from './snapshot';

interface State {
  current_generation: number | null;
  building_generation: number | null;
}

/**
 * Joins some threads of one mailbox into the workspace's conversations and recomputes the facts
 * of those conversations in every mailbox (an answer from alice@ updates sales@'s request),
 * inside the sync batch's transaction, with the settings of the last rebuild. Conversations
 * merged into another lose their facts. While a rebuild is building, the conversations are marked
 * so its swap recomputes them: the state row is held `for share`, which the rebuild's start,
 * its joining of every conversation and its swap wait for.
 */
export async function refreshThreadFacts(
  tx: Tx,
  workspaceId: number,
  mailboxId: number,
  threadKeys: string[],
): Promise<void> {
  if (threadKeys.length === 0) return;
  await bumpDataVersion(tx, workspaceId, mailboxId);
  await tx.query(
    sql`insert into stats_state (workspace_id) values (${workspaceId}) on conflict (workspace_id) do nothing`,
  );
  let [state] = await tx.query<State>(
    sql`select current_generation, building_generation from stats_state
      where workspace_id = ${workspaceId} for share`,
  );
  if (state?.current_generation == null && state?.building_generation == null) {
    state = await firstGeneration(tx, workspaceId);
  }
  // The rules of the figures being read (the first rebuild's, while it builds the first).
  const rules = state?.current_generation ?? state?.building_generation;
  const conversations =
    rules == null
      ? threadKeys.map((key) => `${mailboxId}:${key}`)
      : await joinConversations(tx, { workspaceId, generation: rules }, mailboxId, threadKeys);
  if (state?.building_generation != null) {
    await tx.query(
      sql`insert into stats_dirty_threads (workspace_id, generation, mailbox_id, thread_key)
       select ${workspaceId}, ${state.building_generation}, 0, k from unnest(${conversations}::text[]) k on conflict do nothing`,
    );
  }
  const generation = state?.current_generation;
  if (generation == null) return;
  await computeFacts(tx, workspaceId, generation, conversations);
}

/** Before any rebuild: generation 1 takes today's settings (the first rebuild replaces it). */
async function firstGeneration(tx: Tx, workspaceId: number): Promise<State | undefined> {
  const [state] = await tx.query<State>(
    sql`select current_generation, building_generation from stats_state
      where workspace_id = ${workspaceId} for update`,
  );
  if (state?.current_generation != null || state?.building_generation != null) return state;
  await takeSnapshot(tx, workspaceId, 1);
  await tx.query(
    sql`update stats_state set current_generation = 1 where workspace_id = ${workspaceId}`,
  );
  return { current_generation: 1, building_generation: null };
}
