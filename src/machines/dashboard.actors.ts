import { fromPromise } from 'xstate';
import type { components } from '../../openapi/portal.gen';
import { expectData, type ApiClient } from '../api/client';

export type Dashboard = components['schemas']['Dashboard'];

export function createDashboardActors(client: ApiClient) {
  return {
    loadDashboard: fromPromise<Dashboard>(({ signal }) =>
      expectData(client.GET('/portal/api/dashboard', { signal })),
    ),
  };
}
