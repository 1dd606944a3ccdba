import type { AuditPage } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import { activityCsvName, type ActivityFilters, type AuditRequest } from '@/domain/activity-search';
import { isTimeZone } from '@/domain/dates';
import type { CsvFile } from '../native-dashboard/csv-file';

/** Entries shown per page. */
const AUDIT_PAGE_SIZE = 50;

/** What loading a page brings: its entries, and the zone their times are shown in. */
export interface AuditLoad {
  page: AuditPage;
  timezone: string;
}

/**
 * The zone a page's times are shown in: the workspace's, which the API reads `from` and `to` in
 * and names with every page; UTC, which the page then names, when this browser does not know it.
 */
const shownZone = (page: AuditPage) => (isTimeZone(page.timezone) ? page.timezone : 'UTC');

export function createAuditActors(client: ApiClient) {
  return {
    /** One page of the entries the filters select, newest first. */
    loadEntries: fromPromise<AuditLoad, AuditRequest>(async ({ input, signal }) => {
      const { filters, page } = input;
      const entries = await expectData(
        client.GET('/portal/api/audit/', {
          params: { query: { ...filters, page, page_size: AUDIT_PAGE_SIZE } },
          signal,
        }),
      );
      return { page: entries, timezone: shownZone(entries) };
    }),

    /** Every entry the filters select, as the API's CSV, named for its period. */
    exportCsv: fromPromise<CsvFile, ActivityFilters>(async ({ input, signal }) => {
      const blob = await expectData(
        client.GET('/portal/api/audit/export.csv', {
          params: { query: input },
          parseAs: 'blob',
          signal,
        }),
      );
      return { name: activityCsvName(input), blob };
    }),
  };
}
