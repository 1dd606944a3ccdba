import type { FeedbackType } from '@/api/types';
import { assign, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { toast } from '@/stores/toast-store';
import { createRequestFormActors, type SupportRequest } from './request-form.actors';
import { toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

export interface Integration {
  id: string;
  name: string;
}

/** Share feedback, or ask for an integration. */
export type RequestFormInput =
  { kind: 'feedback' } | { kind: 'integration'; integration: Integration };

interface RequestFormContext {
  request: RequestFormInput;
  feedbackType: FeedbackType;
  content: string;
}

export type RequestFormEvent =
  | { type: 'SET_TYPE'; feedbackType: FeedbackType }
  | { type: 'SET_CONTENT'; content: string }
  | { type: 'SUBMIT' };

export const FEEDBACK_TYPES: readonly FeedbackType[] = ['Feature request', 'Bug', 'Question'];
/** The text must be longer than this. */
export const MIN_CONTENT_LENGTH = 5;

const REQUEST_TOASTS = {
  feedbackSent: {
    title: 'Thanks for your feedback',
    description: 'We read every message and will get back to you if we need more details.',
  },
  feedbackFailed: "We couldn't send your feedback",
  integrationSent: 'Request sent',
  integrationSentText: (name: string) =>
    `Thanks! We'll get in touch about the ${name} integration.`,
  integrationFailed: "We couldn't send your request",
};

function requestOf({ request, feedbackType, content }: RequestFormContext): SupportRequest {
  const text = content.trim();
  if (request.kind === 'feedback') return { kind: 'feedback', content: text, type: feedbackType };
  return {
    kind: 'integration',
    content: text,
    integration_name: request.integration.name,
    integration_id: request.integration.id,
  };
}

/** The feedback and integration-request modals: a text longer than 5 characters, then send. */
export function createRequestFormMachine(client: ApiClient) {
  const requestFormSetup = setup({
    types: {
      context: {} as RequestFormContext,
      events: {} as RequestFormEvent,
      input: {} as RequestFormInput,
    },
    actors: createRequestFormActors(client),
    guards: {
      isLongEnough: ({ context }) => context.content.trim().length > MIN_CONTENT_LENGTH,
    },
    actions: {
      setType: assign((_, params: { feedbackType: FeedbackType }) => params),
      setContent: assign((_, params: { content: string }) => params),
      notifySent: ({ context: { request } }) =>
        toast(
          request.kind === 'feedback'
            ? { ...REQUEST_TOASTS.feedbackSent, variant: 'success' }
            : {
                title: REQUEST_TOASTS.integrationSent,
                description: REQUEST_TOASTS.integrationSentText(request.integration.name),
                variant: 'success',
              },
        ),
      notifyFailed: ({ context: { request } }, params: { error: unknown }) =>
        toastFailed(
          request.kind === 'feedback'
            ? REQUEST_TOASTS.feedbackFailed
            : REQUEST_TOASTS.integrationFailed,
          params.error,
        ),
    },
  });
  return requestFormSetup.createMachine({
    id: 'requestForm',
    description:
      'The feedback and integration-request modals: a text of more than 5 characters (and a feedback type), then send.',
    meta: describeNamed(requestFormSetup, {
      guards: {
        isLongEnough: 'The text, trimmed, is longer than 5 characters',
      },
      actions: {
        setType: 'Keeps the chosen feedback type (Feature request, Bug or Question)',
        setContent: 'Keeps the text the user typed',
        notifySent: 'Thanks the user with a toast (naming the integration for a request)',
        notifyFailed: 'Says the feedback or request could not be sent, and why',
      },
    }),
    initial: 'editing',
    context: ({ input }) => ({ request: input, feedbackType: 'Feature request', content: '' }),
    states: {
      editing: {
        description: 'The form: the feedback type (feedback only) and the text',
        initial: 'checking',
        on: {
          SET_TYPE: {
            target: '.checking',
            actions: {
              type: 'setType',
              params: ({ event }) => ({ feedbackType: event.feedbackType }),
            },
          },
          SET_CONTENT: {
            target: '.checking',
            actions: { type: 'setContent', params: ({ event }) => ({ content: event.content }) },
          },
        },
        states: {
          checking: {
            description: 'Checking the text after an edit',
            always: [{ guard: 'isLongEnough', target: 'ready' }, { target: 'incomplete' }],
          },
          incomplete: {
            description: 'The text is 5 characters or shorter; Send is disabled',
          },
          ready: {
            description: 'The text is long enough; Send is enabled',
            on: { SUBMIT: '#requestForm.sending' },
          },
        },
      },
      sending: {
        description: 'Waiting for the server to store the request',
        tags: 'saving',
        invoke: {
          id: 'sendRequest',
          src: 'sendRequest',
          input: ({ context }) => requestOf(context),
          onDone: { target: 'sent', actions: 'notifySent' },
          onError: {
            target: 'editing.ready',
            actions: { type: 'notifyFailed', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      sent: { description: 'Sent; the modal closes with a thank-you toast', type: 'final' },
    },
  });
}

export type RequestFormMachine = ReturnType<typeof createRequestFormMachine>;
