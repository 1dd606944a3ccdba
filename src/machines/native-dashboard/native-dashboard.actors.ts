import type {
  DashboardFilters,
  StatsBreakdown,
  StatsDistribution,
  StatsHeatmap,
  StatsSummary,
  StatsTimeseries,
  StatsUnrepliedPage,
} from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import {
  csvFileName,
  sameRequest,
  type CsvExport,
  type FiguresRequest,
  type StatsQuery,
} from '@/domain/dashboard-search';
import type { CsvFile } from './csv-file';

/** Every figure of the page for one request, as the API gave them. */
export interface Figures {
  request: FiguresRequest;
  summary: StatsSummary;
  previous: StatsSummary;
  timeseries: StatsTimeseries;
  distribution: StatsDistribution;
  heatmap: StatsHeatmap;
  breakdown: StatsBreakdown;
}

/** A request, and the figures on the page (reused when only the time basis changes). */
export interface FiguresInput {
  request: FiguresRequest;
  shown: Figures | null;
}

/** Whether `request` differs from the shown figures' request in its time basis alone. */
function isTimeSwitch(shown: Figures | null, request: FiguresRequest): shown is Figures {
  if (!shown || shown.request.time === request.time) return false;
  return sameRequest({ ...shown.request, time: request.time }, request);
}

export interface UnrepliedRequest {
  query: StatsQuery;
  page: number;
}

const UNREPLIED_PAGE_SIZE = 10;

export interface ExportInput extends Pick<FiguresRequest, 'by' | 'query'> {
  file: CsvExport;
}

/** The API's CSV of `input`: the requests' takes the filters only, not the target. */
function exportCall(client: ApiClient, { file, by, query }: ExportInput, signal: AbortSignal) {
  if (file === 'breakdown') {
    return client.GET('/portal/api/stats/export.csv', {
      params: { query: { ...query, by } },
      parseAs: 'blob',
      signal,
    });
  }
  const { from, to, mailboxes, teams, contact_groups } = query;
  return client.GET('/portal/api/stats/requests.csv', {
    params: { query: { from, to, mailboxes, teams, contact_groups } },
    parseAs: 'blob',
    signal,
  });
}

export function createNativeDashboardActors(client: ApiClient) {
  return {
    /**
     * The breakdown (the same numbers as the table) or the requests as the API's CSV, named for
     * its request.
     */
    exportCsv: fromPromise<CsvFile, ExportInput>(async ({ input, signal }) => {
      const blob = await expectData(exportCall(client, input, signal));
      return { name: csvFileName(input), blob };
    }),
    loadChoices: fromPromise<DashboardFilters>(({ signal }) =>
      expectData(client.GET('/portal/api/dashboard/filters', { signal })),
    ),
    loadFigures: fromPromise<Figures, FiguresInput>(
      async ({ input: { request, shown }, signal }) => {
        const { query, previous, by, granularity, time } = request;
        const distributionOf = () =>
          expectData(
            client.GET('/portal/api/stats/distribution', {
              params: { query: { ...query, time } },
              signal,
            }),
          );
        // The other figures carry both bases: a switch of basis asks only for the distribution.
        if (isTimeSwitch(shown, request)) {
          return { ...shown, request, distribution: await distributionOf() };
        }
        const [summary, before, timeseries, distribution, heatmap, breakdown] = await Promise.all([
          expectData(client.GET('/portal/api/stats/summary', { params: { query }, signal })),
          expectData(
            client.GET('/portal/api/stats/summary', {
              params: { query: { ...query, ...previous } },
              signal,
            }),
          ),
          expectData(
            client.GET('/portal/api/stats/timeseries', {
              params: { query: { ...query, granularity } },
              signal,
            }),
          ),
          distributionOf(),
          expectData(client.GET('/portal/api/stats/heatmap', { params: { query }, signal })),
          expectData(
            client.GET('/portal/api/stats/breakdown', {
              params: { query: { ...query, by } },
              signal,
            }),
          ),
        ]);
        return {
          request,
          summary,
          previous: before,
          timeseries,
          distribution,
          heatmap,
          breakdown,
        };
      },
    ),
  };
}

export function createUnrepliedActors(client: ApiClient) {
  return {
    loadUnreplied: fromPromise<StatsUnrepliedPage, UnrepliedRequest>(({ input, signal }) =>
      expectData(
        client.GET('/portal/api/stats/unreplied', {
          params: {
            query: {
              ...input.query,
              order: 'longest',
              page: input.page,
              page_size: UNREPLIED_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    ),
  };
}
