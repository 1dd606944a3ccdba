import { fromPromise } from 'xstate';
import type { components } from '../../openapi/portal.gen';
import { expectData, type ApiClient } from '../api/client';

type Schemas = components['schemas'];
export type FeedbackType = Schemas['FeedbackType'];

/** What the feedback and integration-request modals send; the server adds who sent it. */
export type SupportRequest =
  | ({ kind: 'feedback' } & Schemas['FeedbackInput'])
  | ({ kind: 'integration' } & Schemas['IntegrationRequestInput']);

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
