import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

/** The request to close or reopen, as the unreplied list names it. */
export interface ClosureInput {
  id: string;
}

const PATH = '/portal/api/stats/unreplied/{id}/closure';

export function createMarkDoneActors(client: ApiClient) {
  return {
    closeRequest: fromPromise<unknown, ClosureInput>(({ input }) =>
      expectData(client.PUT(PATH, { params: { path: { id: input.id } } })),
    ),
    reopenRequest: fromPromise<unknown, ClosureInput>(({ input }) =>
      expectData(client.DELETE(PATH, { params: { path: { id: input.id } } })),
    ),
  };
}
