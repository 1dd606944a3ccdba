import { describe, expect, it } from 'vitest';
import { sql } from '../../../server/db/sql';
import type { Db, Queryable } from '../../../server/db/types';
import { rebuildWorkspaceStats, runDueRebuilds } from '../../../server/stats/rebuild';
import { statsScenario, type MessageInput } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// A rebuild while the server serves: on PGlite, one connection, it goes a few hundred threads
// per transaction, so a dashboard request is answered between them, not after the whole history;
// on PostgreSQL readers are not blocked by its one transaction. The test holds the rebuild while
// it asks, rather than expect the rebuild to be slower than the request.

const t = setUpTestApp('rebuild');

const MARCH = { from: '2026-03-01', to: '2026-03-31' };

/** One single-message thread per minute from 2026-03-02 09:00 UTC. */
const threads = (count: number): MessageInput[] =>
  Array.from({ length: count }, (_, i) => ({
    thread: `t${i}`,
    at: new Date(Date.parse('2026-03-02T09:00:00Z') + i * 60_000).toISOString(),
  }));

/** Where the test holds the rebuild: reached with the facts built so far, until released. */
interface Hold {
  reached: Promise<number>;
  release: () => void;
}

/**
 * The database as the rebuild sees it, holding the rebuild once at the end of the first
 * transaction that wrote facts of the generation being built: on PostgreSQL before that
 * transaction commits (a reader meets it open), on PGlite after it (the one connection is free
 * only between transactions).
 */
function holdingFirstStep(db: Db, workspaceId: number): { db: Db; hold: Hold } {
  let reach: (built: number) => void = () => undefined;
  let release: () => void = () => undefined;
  const reached = new Promise<number>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = true;
  const holdOnce = async (built: number) => {
    if (!holding || built === 0) return;
    holding = false;
    reach(built);
    await released;
  };
  const built = async (tx: Queryable) => {
    const [row] = await tx.query<{ n: number }>(
      sql`select count(*)::int as n from stats_message_facts f
            join stats_state s on s.workspace_id = f.workspace_id and s.building_generation = f.generation
           where f.workspace_id = ${workspaceId}`,
    );
    return row?.n ?? 0;
  };
  const holdingDb: Db = {
    kind: db.kind,
    query: db.query.bind(db),
    runScript: (text) => db.runScript(text),
    close: () => db.close(),
    transaction: async (fn) => {
      let n = 0;
      const result = await db.transaction(async (tx) => {
        const value = await fn(tx);
        n = await built(tx);
        if (db.kind === 'postgres') await holdOnce(n);
        return value;
      });
      await holdOnce(n);
      return result;
    },
  };
  return { db: holdingDb, hold: { reached, release } };
}

describe('a rebuild while serving', () => {
  it('answers a statistics request before the rebuild of the whole history has ended', async () => {
    const s = await statsScenario(t);
    await s.insert(threads(1500));
    await s.rebuild();
    const { db, hold } = holdingFirstStep(t.db, s.ws.workspaceId);
    const rebuild = rebuildWorkspaceStats(db, s.ws.workspaceId);
    const built = await hold.reached;
    const summary = await s.get<{ received: number }>('summary', MARCH);
    hold.release();
    expect(await rebuild).toMatchObject({ messages: 1500, requests: 1500 });
    // Answered from the current generation while the new one held part of the history: on
    // PostgreSQL inside its one open transaction, on PGlite after its first step of 400 threads.
    expect(built).toBe(t.db.kind === 'postgres' ? 1500 : 400);
    expect(summary.received).toBe(1500);
    expect((await s.get<{ received: number }>('summary', MARCH)).received).toBe(1500);
  });

  it('schedules the next daily rebuild, so the worker does not repeat one just done', async () => {
    const s = await statsScenario(t);
    await s.insert(threads(3));
    await s.rebuild();
    expect(await runDueRebuilds(t.db, 'worker-1', new Date())).toEqual([]);
  });
});
