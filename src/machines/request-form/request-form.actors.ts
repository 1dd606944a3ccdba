import type { FeedbackInput, IntegrationRequestInput } from '@/api/types';
import { fromPromise } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

/** What the feedback and integration-request modals send; the server adds who sent it. */
export type SupportRequest =
  ({ kind: 'feedback' } & FeedbackInput) | ({ kind: 'integration' } & IntegrationRequestInput);

export function createRequestFormActors(client: ApiClient) {
  return {
    sendRequest: fromPromise<void, SupportRequest>(async ({ input }) => {
      if (input.kind === 'feedback') {
        const { content, type } = input;
        await expectData(client.POST('/portal/api/feedback/', { body: { content, type } }));
      } else {
        const { content, integration_name, integration_id } = input;
        const body = { content, integration_name, integration_id };
        await expectData(client.POST('/portal/api/integration-requests/', { body }));
      }
    }),
  };
}
