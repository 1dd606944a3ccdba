import type { Dashboard } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

export function createDashboardActors(client: ApiClient) {
  return {
    loadDashboard: fromPromise<Dashboard>(({ signal }) =>
      expectData(client.GET('/portal/api/dashboard', { signal })),
    ),
  };
}
