import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { FiguresRequest } from '../../../src/domain/dashboard-search';
import {
  createNativeDashboardActors,
  type Figures,
} from '../../../src/machines/native-dashboard/native-dashboard.actors';
import { makeFigures, makeRequest, makeSummary } from '../../support/native-dashboard-fixtures';
import { fakeApi } from '../support/fake-api';

// The figures' fetch: every figure for a new request; only the distribution when the time basis
// alone changed, since the other figures carry both bases.

const calendarBuckets = {
  under_1h: 0,
  from_1h_to_4h: 2,
  from_4h_to_24h: 3,
  from_1d_to_3d: 0,
  over_3d: 1,
  still_waiting: 4,
};

function server() {
  return fakeApi({
    'GET /portal/api/stats/summary': { body: makeSummary(7) },
    'GET /portal/api/stats/timeseries': { body: { granularity: 'day', points: [] } },
    'GET /portal/api/stats/distribution': (call) => ({
      body:
        call.query.get('time') === 'calendar'
          ? calendarBuckets
          : { ...calendarBuckets, under_1h: 5, over_3d: 0 },
    }),
    'GET /portal/api/stats/heatmap': { body: { timezone: 'UTC', cells: [] } },
    'GET /portal/api/stats/breakdown': { body: { by: 'mailbox', rows: [] } },
  });
}

async function load(
  fake: ReturnType<typeof server>,
  request: FiguresRequest,
  shown: Figures | null,
) {
  const { loadFigures } = createNativeDashboardActors(fake.client);
  return toPromise(createActor(loadFigures, { input: { request, shown } }).start());
}

const business = makeRequest('2026-02-01', '2026-02-28');
const calendar: FiguresRequest = { ...business, time: 'calendar' };

describe('loading the figures', () => {
  it('asks for every figure, the distribution in the chosen basis', async () => {
    const fake = server();
    const figures = await load(fake, calendar, null);
    expect(fake.calls.map((call) => call.path.split('/').pop()).sort()).toEqual([
      'breakdown',
      'distribution',
      'heatmap',
      'summary',
      'summary',
      'timeseries',
    ]);
    expect(fake.callsTo('GET', '/portal/api/stats/distribution')[0]?.query.get('time')).toBe(
      'calendar',
    );
    expect(figures.distribution).toEqual(calendarBuckets);
    expect(figures.summary.received).toBe(7);
  });

  it('a switch of the time basis alone asks only for the distribution', async () => {
    const fake = server();
    const shown = makeFigures(business, 12);
    const figures = await load(fake, calendar, shown);
    expect(fake.calls.map((call) => call.path)).toEqual(['/portal/api/stats/distribution']);
    expect(figures).toEqual({ ...shown, request: calendar, distribution: calendarBuckets });
  });

  it('a switch together with another change asks for everything', async () => {
    const fake = server();
    const shown = makeFigures(business, 12);
    await load(fake, { ...calendar, by: 'team' }, shown);
    expect(fake.calls).toHaveLength(6);
  });
});
