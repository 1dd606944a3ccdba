import type { AuditPage } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import { activityCsvName, type ActivityFilters, type AuditRequest } from '@/domain/activity-search';
import { isTimeZone } from '@/domain/dates';
import type { Features } from '@/session/user-info';
import type { CsvFile } from '../native-dashboard/csv-file';

/** Entries shown per page. */
const AUDIT_PAGE_SIZE = 50;

/** What loading a page brings: its entries, and the zone their times are shown in. */
export interface AuditLoad {
  page: AuditPage;
  timezone: string;
}

export interface AuditLoadInput {
  request: AuditRequest;
  /** Known after the first load; until then it is read with the page. */
  timezone: string | null;
  features: Features;
}

/** The zone the server reads `from` and `to` in (UTC until the company sets its hours). */
const SERVER_DEFAULT_ZONE = 'UTC';

/**
 * The company's timezone, which the audit API's dates are in. It comes with the company hours,
 * which only an admin with business hours on may read; without them, or when the zone is not one
 * this browser knows, times are shown in the server's default zone, which the page names.
 */
async function companyTimezone(client: ApiClient, features: Features, signal: AbortSignal) {
  if (!features.business_hours.enabled) return SERVER_DEFAULT_ZONE;
  try {
    const hours = await expectData(
      client.GET('/portal/api/settings/company-business-hours/', { signal }),
    );
    return hours.timezone && isTimeZone(hours.timezone) ? hours.timezone : SERVER_DEFAULT_ZONE;
  } catch (error) {
    if (signal.aborted) throw error;
    return SERVER_DEFAULT_ZONE;
  }
}

export function createAuditActors(client: ApiClient) {
  return {
    /** One page of the entries the filters select, newest first. */
    loadEntries: fromPromise<AuditLoad, AuditLoadInput>(async ({ input, signal }) => {
      const { filters, page } = input.request;
      const [entries, timezone] = await Promise.all([
        expectData(
          client.GET('/portal/api/audit/', {
            params: { query: { ...filters, page, page_size: AUDIT_PAGE_SIZE } },
            signal,
          }),
        ),
        input.timezone ?? companyTimezone(client, input.features, signal),
      ]);
      return { page: entries, timezone };
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
