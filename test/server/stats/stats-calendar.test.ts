import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { client } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { statsScenario, type StatsScenario } from '../support/stats';

// Calendar time beside business time in the time series and the distribution (definition 9),
// against hand-computed answers. Company hours are Monday to Friday 09:00–17:30 Europe/Madrid;
// 2026-11-23 is a Monday (UTC+1).

type Series = components['schemas']['StatsTimeseries'];
type Distribution = components['schemas']['StatsDistribution'];

const t = setUpTestApp('calendar');
const WEEK = { from: '2026-11-23', to: '2026-11-29' };

/**
 * Four answered requests and one waiting, with business and calendar seconds:
 * A Mon 10:00 → 10:30: 0.5 h both. B Mon 16:30 → Tue 10:30: 2.5 h business, 18 h calendar.
 * D Mon 11:00 → Thu 11:00: 3 × 8.5 h = 25.5 h business, exactly 72 h calendar.
 * C Fri 16:00 → Mon 09:30: 1.5 h + 0.5 h = 2 h business, 65.5 h calendar. E Tue, unanswered.
 */
async function week(): Promise<StatsScenario> {
  const s = await statsScenario(t);
  await s.insert([
    { thread: 'a', at: '2026-11-23T09:00:00Z' },
    { thread: 'a', direction: 'outbound', at: '2026-11-23T09:30:00Z' },
    { thread: 'b', at: '2026-11-23T15:30:00Z' },
    { thread: 'b', direction: 'outbound', at: '2026-11-24T09:30:00Z' },
    { thread: 'd', at: '2026-11-23T10:00:00Z' },
    { thread: 'd', direction: 'outbound', at: '2026-11-26T10:00:00Z' },
    { thread: 'c', at: '2026-11-27T15:00:00Z' },
    { thread: 'c', direction: 'outbound', at: '2026-11-30T08:30:00Z' },
    { thread: 'e', at: '2026-11-24T10:00:00Z' },
  ]);
  await s.rebuild();
  return s;
}

const point = (median: number | null, p90: number | null) => ({ median, p90 });
const NONE = point(null, null);

describe('calendar time in the charts', () => {
  it('the time series gives each period its calendar median and p90 beside the business ones', async () => {
    const s = await week();
    const days = await s.get<Series>('timeseries', {
      from: '2026-11-23',
      to: '2026-11-27',
      granularity: 'day',
    });
    // Monday: A, B, D. Business 0.5, 2.5, 25.5 h; calendar 0.5, 18, 72 h. p90 lies 0.8 of the
    // way from the second to the third: 2.5 h + 0.8 × 23 h, 18 h + 0.8 × 54 h.
    expect(days.points.map((p) => [p.period, p.business, p.calendar])).toEqual([
      ['2026-11-23', point(9000, 75240), point(64800, 220320)],
      ['2026-11-24', NONE, NONE],
      ['2026-11-25', NONE, NONE],
      ['2026-11-26', NONE, NONE],
      ['2026-11-27', point(7200, 7200), point(235800, 235800)],
    ]);
    const weeks = await s.get<Series>('timeseries', { ...WEEK, granularity: 'week' });
    // Business 0.5, 2, 2.5, 25.5 h; calendar 0.5, 18, 65.5, 72 h. Medians halfway between the
    // middle two; p90 0.7 of the way from the third to the fourth: 2.5 h + 0.7 × 23 h,
    // 65.5 h + 0.7 × 6.5 h.
    expect(weeks.points.map((p) => [p.period, p.business, p.calendar])).toEqual([
      ['2026-11-23', point(8100, 66960), point(150300, 252180)],
    ]);
  });

  it('the distribution buckets business or calendar seconds, as asked', async () => {
    const s = await week();
    const business = {
      under_1h: 1, // A
      from_1h_to_4h: 2, // B, C
      from_4h_to_24h: 0,
      from_1d_to_3d: 1, // D
      over_3d: 0,
      still_waiting: 1, // E
    };
    expect(await s.get<Distribution>('distribution', WEEK)).toEqual(business);
    expect(await s.get<Distribution>('distribution', { ...WEEK, time: 'business' })).toEqual(
      business,
    );
    expect(await s.get<Distribution>('distribution', { ...WEEK, time: 'calendar' })).toEqual({
      under_1h: 1, // A
      from_1h_to_4h: 0,
      from_4h_to_24h: 1, // B, 18 h
      from_1d_to_3d: 1, // C, 65.5 h
      over_3d: 1, // D: 72 h is three days, which the last bucket starts with
      still_waiting: 1, // E
    });
  });

  it('a time other than business or calendar is refused with 400 naming it', async () => {
    const s = await week();
    const query = new URLSearchParams({ ...WEEK, time: 'wall' }).toString();
    const reply = await client(t.app, s.ws.admin.token).get(
      `/portal/api/stats/distribution?${query}`,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toContain('time');
  });
});
