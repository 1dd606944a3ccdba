import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import type { SignInCodePeek } from '@/api/types';

export function createSignInCodeActors(client: ApiClient) {
  return {
    /** Whom the code signs in and who is signed in here now; the code stays good. */
    peekCode: fromPromise<SignInCodePeek, { code: string }>(async ({ input, signal }) =>
      expectData(
        client.POST('/portal/api/sign-in-code/peek/', { body: { code: input.code }, signal }),
      ),
    ),
    /** Uses the code: the session token of its user. */
    exchangeCode: fromPromise<string, { code: string }>(async ({ input, signal }) => {
      const session = await expectData(
        client.POST('/portal/api/sign-in-code/', { body: { code: input.code }, signal }),
      );
      return session.token;
    }),
  };
}
