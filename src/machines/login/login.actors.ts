import type { DemoUser, SignInOptions } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

export function createLoginActors(client: ApiClient) {
  return {
    /** Which providers are set up and, while demo sign-in is on, the demo users. */
    loadOptions: fromPromise<SignInOptions>(async ({ signal }) =>
      expectData(client.GET('/portal/api/sign-in-options/', { signal })),
    ),
    /** A fresh single-use sign-in link for one demo user. */
    createDemoLink: fromPromise<string, DemoUser>(async ({ input }) => {
      const body = { workspace_id: input.workspace_id, user_id: input.user_id };
      return (await expectData(client.POST('/portal/api/demo-sign-in/', { body }))).url;
    }),
  };
}
