import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { Access } from '@/session/access';

export function createRouteGuardActors(client: ApiClient) {
  return {
    /** The user-info call: the current role and features, straight from the server. */
    loadAccess: fromPromise<Access>(async ({ signal }) => {
      const me = await expectData(client.GET('/portal/api/me/', { signal }));
      return { role: me.role, features: me.client_data.features };
    }),
  };
}
