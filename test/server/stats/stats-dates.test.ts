import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { saveFiltering } from '../../../server/repos/filtering';
import { unrepliedPage, waitingNow } from '../../../server/stats/lists';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';
import { emptyExcludedFilters } from '../../../common/exclusions';
import { setUpTestApp } from '../support/suite';
import { statsScenario } from '../support/stats';

// The date rules (definition 10), the settings snapshot and per-thread updates (definition 12),
// the time series and the unreplied list. 2026-11-23 is a Monday; Madrid is UTC+1.

type Summary = components['schemas']['StatsSummary'];
type Page = components['schemas']['StatsUnrepliedPage'];

const t = setUpTestApp('dates');
const day = (date: string) => ({ from: date, to: date });

describe('dates', () => {
  it('a message counts on its date in the company timezone', async () => {
    const s = await statsScenario(t);
    await s.insert([{ at: '2026-11-23T23:30:00Z' }]); // Tuesday 00:30 in Madrid
    await s.rebuild();
    expect((await s.get<Summary>('summary', day('2026-11-23'))).received).toBe(0);
    expect((await s.get<Summary>('summary', day('2026-11-24'))).received).toBe(1);
  });

  it('an awaiting thread counts on the date of its last unreplied message', async () => {
    const s = await statsScenario(t);
    await s.insert([{ at: '2026-11-23T09:00:00Z' }, { at: '2026-11-25T09:00:00Z' }]);
    await s.rebuild();
    expect(await s.get<Summary>('summary', day('2026-11-23'))).toMatchObject({
      received: 1,
      unreplied: 1,
      awaiting: 0,
    });
    expect(await s.get<Summary>('summary', day('2026-11-25'))).toMatchObject({
      received: 1,
      awaiting: 1,
    });
    const series = await s.get<components['schemas']['StatsTimeseries']>('timeseries', {
      from: '2026-11-22',
      to: '2026-11-25',
      granularity: 'day',
    });
    expect(series.points.map((p) => [p.period, p.received, p.awaiting])).toEqual([
      ['2026-11-22', 0, 0],
      ['2026-11-23', 1, 0],
      ['2026-11-24', 0, 0],
      ['2026-11-25', 1, 1],
    ]);
    const weeks = await s.get<components['schemas']['StatsTimeseries']>('timeseries', {
      from: '2026-11-22',
      to: '2026-11-25',
      granularity: 'week',
    });
    expect(weeks.points.map((p) => [p.period, p.received, p.unreplied])).toEqual([
      ['2026-11-16', 0, 0],
      ['2026-11-23', 2, 2],
    ]);
  });

  it('lists waiting requests newest or longest first, with how long they have waited', async () => {
    const s = await statsScenario(t);
    await s.insert([
      { thread: 'old', at: '2026-11-23T09:00:00Z', from: 'old@client.example', subject: 'Old' },
      { thread: 'new', at: '2026-11-24T09:00:00Z', from: 'new@client.example', subject: 'New' },
      { thread: 'new', at: '2026-11-24T10:00:00Z', subject: 'Re: New' },
      { thread: 'done', at: '2026-11-24T09:00:00Z' },
      { thread: 'done', direction: 'outbound', at: '2026-11-24T09:30:00Z' },
    ]);
    await s.rebuild();
    const week = { from: '2026-11-23', to: '2026-11-29' };
    const newest = await s.get<Page>('unreplied', { ...week, page_size: '1' });
    expect(newest).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(newest.unreplied.map((row) => row.id.split('-')[0])).toEqual([`${s.sales.mailboxId}`]);
    expect(newest.unreplied.map(({ waiting: _waiting, id: _id, ...row }) => row)).toEqual([
      {
        mailbox: s.sales.email,
        from: 'new@client.example',
        subject: 'New',
        received: '2026-11-24T09:00:00.000Z',
      },
    ]);
    // Waiting until Wednesday 10:00 in Madrid: 7.5 h on Tuesday and 1 h on Wednesday; 24 h.
    const scope = {
      workspaceId: s.ws.workspaceId,
      ...week,
      mailboxIds: [s.sales.mailboxId],
      groupIds: null,
    };
    const paging = { page: 1, pageSize: 1, order: 'newest' } as const;
    const listed = await t.db.transaction((tx) => unrepliedPage(tx, scope, paging));
    const page = await waitingNow(t.db, listed, new Date('2026-11-25T09:00:00Z'));
    expect(page.unreplied[0]?.waiting).toEqual({ business: 8.5 * 3600, calendar: 24 * 3600 });
    const longest = await s.get<Page>('unreplied', { ...week, order: 'longest' });
    expect(longest.unreplied.map((row) => row.subject)).toEqual(['Old', 'New']);
  });
});

describe('settings and updates', () => {
  it('a settings change reaches the figures only after a rebuild', async () => {
    const s = await statsScenario(t);
    await s.insert([{ at: '2026-11-23T09:00:00Z', from: 'noise@client.example' }]);
    await s.rebuild();
    const filters = emptyExcludedFilters();
    filters.addresses.is = ['noise@client.example'];
    await t.db.transaction((tx) =>
      saveFiltering(tx, s.ws.workspaceId, { excludedFilters: filters, internalDomains: [] }),
    );
    expect((await s.get<Summary>('summary', day('2026-11-23'))).received).toBe(1);
    // Mail synced now is computed with the last rebuild's settings too.
    await s.insert([{ thread: 'late', at: '2026-11-23T10:00:00Z', from: 'noise@client.example' }]);
    await t.db.transaction((tx) =>
      refreshThreadFacts(tx, s.ws.workspaceId, s.sales.mailboxId, ['late']),
    );
    expect((await s.get<Summary>('summary', day('2026-11-23'))).received).toBe(2);
    await s.rebuild();
    expect((await s.get<Summary>('summary', day('2026-11-23'))).received).toBe(0);
  });

  it('refreshThreadFacts takes in a late reply at once', async () => {
    const s = await statsScenario(t);
    await s.insert([{ at: '2026-11-23T09:00:00Z' }]); // Mon 10:00
    await s.rebuild();
    expect(await s.get<Summary>('summary', day('2026-11-23'))).toMatchObject({
      unreplied: 1,
      awaiting: 1,
    });
    await s.insert([{ direction: 'outbound', at: '2026-11-23T10:30:00Z' }]);
    await t.db.transaction((tx) =>
      refreshThreadFacts(tx, s.ws.workspaceId, s.sales.mailboxId, ['t1']),
    );
    const after = await s.get<Summary>('summary', day('2026-11-23'));
    expect(after).toMatchObject({ replied: 1, unreplied: 0, awaiting: 0, sent: 1 });
    expect(after.response_time.business).toEqual({ avg: 5400, median: 5400, p90: 5400 });
  });

  it("a removed mailbox's mail still counts in past figures", async () => {
    const s = await statsScenario(t);
    await s.insert([{ at: '2026-11-23T09:00:00Z' }]);
    await t.db.query(
      `update mailboxes set removed_at = now() where workspace_id = $1 and mailbox_id = $2`,
      [s.ws.workspaceId, s.sales.mailboxId],
    );
    await s.rebuild();
    expect((await s.get<Summary>('summary', day('2026-11-23'))).received).toBe(1);
  });
});
