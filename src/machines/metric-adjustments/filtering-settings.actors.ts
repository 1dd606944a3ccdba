import type { FilteringSettingsReply } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { ExcludedFilters } from '@common/exclusions';

const PATH = '/portal/api/settings/filtering-settings/';

/**
 * The metric adjustments page has two blocks but one stored record: each block saves its own
 * part over the other part as the server holds it now, so neither undoes the other's save.
 */
export function createFilteringActors(client: ApiClient) {
  const load = (signal?: AbortSignal) => expectData(client.GET(PATH, { signal }));
  return {
    loadFilteringSettings: fromPromise<FilteringSettingsReply>(({ signal }) => load(signal)),
    saveExclusions: fromPromise<FilteringSettingsReply, ExcludedFilters>(async ({ input }) => {
      const current = await load();
      const body = {
        client_domains: current.client_domains,
        filtering_settings: { ...current.filtering_settings, excluded_filters: input },
      };
      return expectData(client.POST(PATH, { body }));
    }),
    saveInternalDomains: fromPromise<FilteringSettingsReply, string[]>(async ({ input }) => {
      const current = await load();
      const body = {
        client_domains: current.client_domains,
        filtering_settings: { ...current.filtering_settings, internal_domains: input },
      };
      return expectData(client.POST(PATH, { body }));
    }),
  };
}
