import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import { toUserInfo, type UserInfo } from '@/session/user-info';

export function createSessionActors(client: ApiClient) {
  return {
    loadUserInfo: fromPromise<UserInfo>(async ({ signal }) =>
      toUserInfo(await expectData(client.GET('/portal/api/me/', { signal }))),
    ),
    /** Revokes the token on the server (logout). */
    expireToken: fromPromise<void>(async () => {
      await expectData(client.POST('/portal/expire-token/'));
    }),
  };
}
