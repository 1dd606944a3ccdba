import type { ApiToken, CreatedApiToken, NewApiToken } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

const LIST = '/portal/api/settings/api-tokens/';

/** Settings → API's calls, over the client the app hands the machine, and the clipboard. */
export function createApiTokensActors(client: ApiClient) {
  return {
    loadApiTokens: fromPromise<ApiToken[]>(
      async ({ signal }) => (await expectData(client.GET(LIST, { signal }))).tokens,
    ),
    createApiToken: fromPromise<CreatedApiToken, NewApiToken>(({ input }) =>
      expectData(client.POST(LIST, { body: input })),
    ),
    revokeApiToken: fromPromise<void, { id: number }>(async ({ input }) => {
      const params = { path: { id: input.id } };
      await expectData(client.DELETE('/portal/api/settings/api-tokens/{id}', { params }));
    }),
    // A missing clipboard API rejects like a refused one: the dialog then asks to copy by hand.
    copyToken: fromPromise<void, { token: string }>(async ({ input }) => {
      await navigator.clipboard.writeText(input.token);
    }),
  };
}
