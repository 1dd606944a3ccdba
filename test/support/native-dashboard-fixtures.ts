import type { DashboardFilters, StatsSummary, StatsUnrepliedPage } from '../../src/api/types';
import { fromPromise } from 'xstate';
import type { FiguresRequest } from '../../src/domain/dashboard-search';
import type {
  Figures,
  UnrepliedRequest,
} from '../../src/machines/native-dashboard/native-dashboard.actors';
import { createUnrepliedMachine } from '../../src/machines/native-dashboard/unreplied.machine';
import { offlineClient } from './offline-client';

// Figures and requests for the native dashboard's machine and screen tests.

export const choices: DashboardFilters = {
  mailboxes: [
    { email: 'sales@acme.example', full_name: 'Sales', status: 'working', progress: null },
    { email: 'new@acme.example', full_name: 'New', status: 'loading_data', progress: 42 },
  ],
  teams: [{ team_id: 1, name: 'Sales' }],
  contact_groups: ['Key accounts'],
};

export function makeRequest(from: string, to: string): FiguresRequest {
  return {
    query: { from, to, target: 7200 },
    previous: { from: '2026-01-01', to: '2026-01-01' },
    by: 'mailbox',
    granularity: 'day',
    time: 'business',
  };
}

export function makeSummary(received: number): StatsSummary {
  const times = { avg: 3600, median: 3000, p90: 9000 };
  return {
    received,
    sent: received,
    replied: received,
    unreplied: 0,
    awaiting: 0,
    internal: 0,
    automated: 0,
    response_time: { business: times, calendar: times },
    first_response_time: { business: times, calendar: times },
    within_target: { target_seconds: 7200, share: 0.5 },
  };
}

export function makeFigures(request: FiguresRequest, received: number): Figures {
  return {
    request,
    summary: makeSummary(received),
    previous: makeSummary(received),
    timeseries: { granularity: 'day', points: [] },
    distribution: {
      under_1h: 1,
      from_1h_to_4h: 0,
      from_4h_to_24h: 0,
      from_1d_to_3d: 0,
      over_3d: 0,
      still_waiting: 0,
    },
    heatmap: { timezone: 'UTC', cells: [] },
    breakdown: { by: 'mailbox', rows: [] },
  };
}

export const unrepliedPage: StatsUnrepliedPage = {
  total: 0,
  page: 1,
  page_size: 10,
  unreplied: [],
};

/** The unreplied list of a dashboard test that is about the figures: its call never answers. */
export const quietUnrepliedList = createUnrepliedMachine(offlineClient).provide({
  actors: {
    loadUnreplied: fromPromise<StatsUnrepliedPage, UnrepliedRequest>(
      () => new Promise(() => undefined),
    ),
  },
});
