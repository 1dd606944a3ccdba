import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DashboardSearch, TimeBasis } from '../../src/domain/dashboard-search';
import type {
  Figures,
  FiguresInput,
} from '../../src/machines/native-dashboard/native-dashboard.actors';
import { createNativeDashboardMachine } from '../../src/machines/native-dashboard/native-dashboard.machine';
import { nativeDashboardView } from '../../src/machines/native-dashboard/native-dashboard.view';
import {
  choices,
  makeFigures,
  makeRequest,
  quietUnrepliedList,
} from '../support/native-dashboard-fixtures';
import { offlineClient } from '../support/offline-client';

// The search → fetch → show cycle, by hand: each request's answer is released when the test
// says, so a slow answer can be made to arrive after a newer one.

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const january: DashboardSearch = { from: '2026-01-01', to: '2026-03-31' };
const february: DashboardSearch = { from: '2026-02-01', to: '2026-03-31' };

/** The machine on `search`, its choices loaded; each figures request waits for `answer`. */
async function start(search: DashboardSearch) {
  const pending = new Map<string, (figures: Figures) => void>();
  const machine = createNativeDashboardMachine(offlineClient).provide({
    actors: {
      loadChoices: fromPromise(() => Promise.resolve(choices)),
      loadFigures: fromPromise<Figures, FiguresInput>(
        ({ input: { request } }) =>
          new Promise((resolve) => {
            pending.set(`${request.query.from} ${request.time}`, resolve);
          }),
      ),
      unreplied: quietUnrepliedList,
    },
  });
  const input = { search, today: '2026-03-31', canFilterMailboxes: true };
  const actor = createActor(machine, { input }).start();
  await flush();
  /** Answers the request for `from` (and the time basis) with `received` mails. */
  const answer = async (from: string, received: number, time: TimeBasis = 'business') => {
    const resolve = pending.get(`${from} ${time}`);
    if (!resolve) throw new Error(`no request for ${from} in ${time} time`);
    resolve(makeFigures({ ...makeRequest(from, '2026-03-31'), time }, received));
    await flush();
  };
  const view = () => nativeDashboardView(actor.getSnapshot());
  return { actor, answer, view };
}

describe('native dashboard search → fetch → show', () => {
  it('shows skeletons until the first figures, then the figures', async () => {
    const { answer, view } = await start(january);
    expect(view()).toMatchObject({ phase: 'loading', figures: null, stale: false });
    await answer('2026-01-01', 10);
    expect(view().phase).toBe('ready');
    expect(view().figures?.summary.received).toBe(10);
  });

  it('keeps the old figures, dimmed, while a new filter loads', async () => {
    const { actor, answer, view } = await start(january);
    await answer('2026-01-01', 10);
    actor.send({ type: 'SEARCH', search: february });
    expect(view().stale).toBe(true);
    expect(view().figures?.summary.received).toBe(10);
    await answer('2026-02-01', 20);
    expect(view().stale).toBe(false);
    expect(view().figures?.summary.received).toBe(20);
  });

  it('never lets a slow answer for an old filter overwrite a newer one', async () => {
    const { actor, answer, view } = await start(january);
    actor.send({ type: 'SEARCH', search: february });
    await answer('2026-02-01', 20);
    expect(view().figures?.request.query.from).toBe('2026-02-01');
    // The January answer arrives last: it is dropped.
    await answer('2026-01-01', 10);
    expect(view().phase).toBe('ready');
    expect(view().figures?.summary.received).toBe(20);
    expect(actor.getSnapshot().context.request?.query.from).toBe('2026-02-01');
  });

  it('shows the newest answer even when the older one arrives while it loads', async () => {
    const { actor, answer, view } = await start(january);
    actor.send({ type: 'SEARCH', search: february });
    await answer('2026-01-01', 10);
    expect(view()).toMatchObject({ phase: 'loading', figures: null });
    await answer('2026-02-01', 20);
    expect(view().figures?.summary.received).toBe(20);
  });

  it('switching to calendar time fetches the calendar figures; a late business answer is dropped', async () => {
    const { actor, answer, view } = await start(january);
    await answer('2026-01-01', 10);
    const calendar = { ...january, time: 'calendar' } as const;
    actor.send({ type: 'SEARCH', search: calendar });
    // The business figures stay, dimmed, until the calendar ones arrive.
    expect(view().stale).toBe(true);
    expect(view().figures?.request.time).toBe('business');
    actor.send({ type: 'SEARCH', search: january });
    actor.send({ type: 'SEARCH', search: calendar });
    await answer('2026-01-01', 30, 'calendar');
    expect(view().phase).toBe('ready');
    expect(view().figures?.request.time).toBe('calendar');
    expect(view().figures?.summary.received).toBe(30);
    await answer('2026-01-01', 20);
    expect(view().figures?.request.time).toBe('calendar');
    expect(view().figures?.summary.received).toBe(30);
  });
});
