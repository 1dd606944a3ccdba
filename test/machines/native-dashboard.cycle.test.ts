import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  Figures,
  FiguresInput,
} from '../../src/machines/native-dashboard/native-dashboard.actors';
import { nativeDashboardMachine } from '../../src/machines/native-dashboard/native-dashboard.machine';
import {
  selectDashboardPhase,
  selectFigures,
  selectIsStale,
} from '../../src/machines/native-dashboard/native-dashboard.view';
import type { TimeBasis } from '../../src/domain/dashboard-search';
import { choices, makeFigures, makeRequest } from '../support/native-dashboard-fixtures';

// The filter → fetch → show cycle, by hand: each request's answer is released when the test
// says, so a slow answer can be made to arrive after a newer one.

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const pending = new Map<string, (figures: Figures) => void>();
  const machine = nativeDashboardMachine.provide({
    actors: {
      loadChoices: fromPromise(() => Promise.resolve(choices)),
      loadFigures: fromPromise<Figures, FiguresInput>(
        ({ input: { request } }) =>
          new Promise((resolve) => {
            pending.set(`${request.query.from} ${request.time}`, resolve);
          }),
      ),
    },
  });
  const actor = createActor(machine).start();
  /** Answers the request for `from` (and the time basis) with `received` mails. */
  const answer = async (from: string, received: number, time: TimeBasis = 'business') => {
    const resolve = pending.get(`${from} ${time}`);
    if (!resolve) throw new Error(`no request for ${from} in ${time} time`);
    resolve(makeFigures({ ...makeRequest(from, '2026-03-31'), time }, received));
    await flush();
  };
  return { actor, answer };
}

const january = makeRequest('2026-01-01', '2026-03-31');
const february = makeRequest('2026-02-01', '2026-03-31');

describe('native dashboard filter → fetch → show', () => {
  it('shows skeletons until the first figures, then the figures', async () => {
    const { actor, answer } = start();
    await flush();
    actor.send({ type: 'REQUEST', request: january });
    expect(selectDashboardPhase(actor.getSnapshot())).toBe('loading');
    expect(selectFigures(actor.getSnapshot())).toBeNull();
    await answer('2026-01-01', 10);
    expect(selectDashboardPhase(actor.getSnapshot())).toBe('ready');
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(10);
  });

  it('keeps the old figures, dimmed, while a new filter loads', async () => {
    const { actor, answer } = start();
    await flush();
    actor.send({ type: 'REQUEST', request: january });
    await answer('2026-01-01', 10);
    actor.send({ type: 'REQUEST', request: february });
    expect(selectIsStale(actor.getSnapshot())).toBe(true);
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(10);
    await answer('2026-02-01', 20);
    expect(selectIsStale(actor.getSnapshot())).toBe(false);
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(20);
  });

  it('never lets a slow answer for an old filter overwrite a newer one', async () => {
    const { actor, answer } = start();
    await flush();
    actor.send({ type: 'REQUEST', request: january });
    actor.send({ type: 'REQUEST', request: february });
    await answer('2026-02-01', 20);
    expect(selectFigures(actor.getSnapshot())?.request.query.from).toBe('2026-02-01');
    // The January answer arrives last: it is dropped.
    await answer('2026-01-01', 10);
    expect(selectDashboardPhase(actor.getSnapshot())).toBe('ready');
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(20);
    expect(actor.getSnapshot().context.request).toEqual(february);
  });

  it('shows the newest answer even when the older one arrives while it loads', async () => {
    const { actor, answer } = start();
    await flush();
    actor.send({ type: 'REQUEST', request: january });
    actor.send({ type: 'REQUEST', request: february });
    await answer('2026-01-01', 10);
    expect(selectDashboardPhase(actor.getSnapshot())).toBe('loading');
    expect(selectFigures(actor.getSnapshot())).toBeNull();
    await answer('2026-02-01', 20);
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(20);
  });

  it('switching to calendar time fetches the calendar figures; a late business answer is dropped', async () => {
    const { actor, answer } = start();
    await flush();
    actor.send({ type: 'REQUEST', request: january });
    await answer('2026-01-01', 10);
    const calendar = { ...january, time: 'calendar' } as const;
    actor.send({ type: 'REQUEST', request: calendar });
    // The business figures stay, dimmed, until the calendar ones arrive.
    expect(selectIsStale(actor.getSnapshot())).toBe(true);
    expect(selectFigures(actor.getSnapshot())?.request.time).toBe('business');
    actor.send({ type: 'REQUEST', request: january });
    actor.send({ type: 'REQUEST', request: calendar });
    await answer('2026-01-01', 30, 'calendar');
    expect(selectDashboardPhase(actor.getSnapshot())).toBe('ready');
    expect(selectFigures(actor.getSnapshot())?.request.time).toBe('calendar');
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(30);
    await answer('2026-01-01', 20);
    expect(selectFigures(actor.getSnapshot())?.request.time).toBe('calendar');
    expect(selectFigures(actor.getSnapshot())?.summary.received).toBe(30);
  });
});
