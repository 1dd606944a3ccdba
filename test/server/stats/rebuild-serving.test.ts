import { describe, expect, it } from 'vitest';
import { rebuildWorkspaceStats, runDueRebuilds } from '../../../server/stats/rebuild';
import { statsScenario, type MessageInput } from '../support/stats';
import { setUpTestApp } from '../support/suite';

// A rebuild while the server serves: on PGlite, one connection, it goes a few hundred threads
// per transaction, so a dashboard request is answered between them, not after the whole history.

const t = setUpTestApp('rebuild');

/** One single-message thread per minute from 2026-03-02 09:00 UTC. */
const threads = (count: number): MessageInput[] =>
  Array.from({ length: count }, (_, i) => ({
    thread: `t${i}`,
    at: new Date(Date.parse('2026-03-02T09:00:00Z') + i * 60_000).toISOString(),
  }));

describe('a rebuild while serving', () => {
  it('answers a statistics request before the rebuild of the whole history has ended', async () => {
    const s = await statsScenario(t);
    await s.insert(threads(1500));
    await s.rebuild();
    let rebuilt = false;
    const rebuild = rebuildWorkspaceStats(t.db, s.ws.workspaceId).then((result) => {
      rebuilt = true;
      return result;
    });
    const summary = await s.get<{ received: number }>('summary', {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(rebuilt).toBe(false);
    expect(summary.received).toBe(1500);
    expect(await rebuild).toMatchObject({ messages: 1500, requests: 1500 });
    expect(
      (await s.get<{ received: number }>('summary', { from: '2026-03-01', to: '2026-03-31' }))
        .received,
    ).toBe(1500);
  });

  it('schedules the next daily rebuild, so the worker does not repeat one just done', async () => {
    const s = await statsScenario(t);
    await s.insert(threads(3));
    await s.rebuild();
    expect(await runDueRebuilds(t.db, 'worker-1', new Date())).toEqual([]);
  });
});
