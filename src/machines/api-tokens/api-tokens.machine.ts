import type { ApiToken, CreatedApiToken } from '@/api/types';
import { assertEvent, assign, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { toast } from '@/stores/toast-store';
import { createApiTokensActors } from './api-tokens.actors';
import { canCreateToken, EMPTY_DRAFT, tokenInput, type ApiTokenDraft } from './api-tokens.draft';
import { failureMessage, toastFailed } from '../shared/save-toasts';
import { describeNamed } from '../shared/describe-named';

interface ApiTokensContext {
  tokens: ApiToken[];
  /** The tokens loaded at sign-in were handed over (an empty list too). */
  seeded: boolean;
  /** The create dialog's form. */
  draft: ApiTokenDraft;
  /** The token just created: held only while its dialog is open, never again. */
  created: string | null;
  /** The token whose revocation is being confirmed or sent. */
  revoking: ApiToken | null;
  /** Why the create dialog's last call failed. */
  error: string | null;
}

export interface ApiTokensInput {
  /** The tokens loaded at sign-in, shown at once; the tab still loads fresh ones. */
  seed: ApiToken[] | null;
}

export type ApiTokensEvent =
  | { type: 'RETRY' }
  | { type: 'CREATE' }
  | { type: 'CLOSE' }
  | { type: 'EDIT'; patch: Partial<ApiTokenDraft> }
  | { type: 'SAVE' }
  | { type: 'COPY' }
  | { type: 'REVOKE'; token: ApiToken }
  | { type: 'CONFIRM' };

/** Settings → API: the list, creating a token shown once, and revoking one after a confirmation. */
export function createApiTokensMachine(client: ApiClient) {
  const apiTokensSetup = setup({
    types: {
      context: {} as ApiTokensContext,
      events: {} as ApiTokensEvent,
      input: {} as ApiTokensInput,
    },
    actors: createApiTokensActors(client),
    guards: {
      isSeeded: ({ context }) => context.seeded,
      canCreate: ({ context }) => canCreateToken(context.draft),
    },
    actions: {
      assignTokens: assign((_, params: { tokens: ApiToken[] }) => ({ tokens: params.tokens })),
      startCreating: assign({ draft: EMPTY_DRAFT, error: null }),
      editDraft: assign(({ context, event }) => {
        assertEvent(event, 'EDIT');
        return { draft: { ...context.draft, ...event.patch }, error: null };
      }),
      assignCreated: assign(({ context }, params: { reply: CreatedApiToken }) => ({
        created: params.reply.token,
        tokens: [params.reply.api_token, ...context.tokens],
        error: null,
      })),
      forgetCreated: assign({ created: null, draft: EMPTY_DRAFT }),
      assignError: assign((_, params: { error: unknown }) => ({
        error: failureMessage(params.error),
      })),
      assignRevoking: assign({
        revoking: ({ event }) => {
          assertEvent(event, 'REVOKE');
          return event.token;
        },
      }),
      markRevoked: assign(({ context }) => ({
        tokens: context.tokens.map((token) =>
          token.id === context.revoking?.id
            ? { ...token, revoked_at: new Date().toISOString() }
            : token,
        ),
        revoking: null,
      })),
      clearRevoking: assign({ revoking: null }),
      notifyRevoked: () =>
        toast({
          title: 'API token revoked',
          description: 'Requests with it are refused from now on.',
          variant: 'success',
        }),
      notifyRevokeFailed: (_, params: { error: unknown }) =>
        toastFailed("We couldn't revoke the token", params.error),
    },
  });
  return apiTokensSetup.createMachine({
    id: 'apiTokens',
    description:
      'Settings → API: read-only API tokens listed with their last use, created with a name and a lifetime and shown once, and revoked after a confirmation.',
    meta: describeNamed(apiTokensSetup, {
      guards: {
        isSeeded: 'Tokens were loaded at sign-in, so the list shows at once',
        canCreate: 'The name has a visible character and at most 100',
      },
      actions: {
        assignTokens: 'Keeps the tokens the server lists',
        startCreating: 'Opens the create dialog empty, with a 90-day lifetime',
        editDraft: "Applies the user's change to the name or lifetime and clears the last error",
        assignCreated: 'Keeps the new token for its one showing and adds its row to the list',
        forgetCreated: 'Forgets the new token as its dialog closes: it is never shown again',
        assignError: 'Shows in the dialog why the token could not be created',
        assignRevoking: 'Remembers which token is to be revoked, for the confirmation',
        markRevoked: 'Shows the token as revoked in the list',
        clearRevoking: 'Forgets the token whose revocation was cancelled or failed',
        notifyRevoked: 'Says the token is revoked and refused from now on',
        notifyRevokeFailed: 'Says the token could not be revoked, and why',
      },
    }),
    initial: 'start',
    context: ({ input }) => ({
      tokens: input.seed ?? [],
      seeded: input.seed !== null,
      draft: EMPTY_DRAFT,
      created: null,
      revoking: null,
      error: null,
    }),
    states: {
      start: {
        description: 'Shows the tokens loaded at sign-in at once when there are some',
        always: [{ guard: 'isSeeded', target: 'refreshing' }, { target: 'loading' }],
      },
      loading: {
        description: "Loading the workspace's API tokens",
        invoke: {
          id: 'loadApiTokens',
          src: 'loadApiTokens',
          onDone: {
            target: 'ready',
            actions: { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) },
          },
          onError: 'failed',
        },
      },
      refreshing: {
        description: 'The tokens loaded at sign-in are shown while fresh ones load',
        invoke: {
          id: 'loadApiTokens',
          src: 'loadApiTokens',
          onDone: {
            target: 'ready',
            actions: { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) },
          },
          // A failed refresh keeps the list loaded at sign-in.
          onError: 'ready',
        },
      },
      failed: {
        description: 'The tokens could not be loaded; the tab offers a retry',
        on: { RETRY: 'loading' },
      },
      ready: {
        description: 'The list of tokens, and the dialog or revocation under way',
        initial: 'idle',
        states: {
          idle: {
            description: "The list alone: Create and each live token's Revoke are offered",
            on: {
              CREATE: { target: 'creating', actions: 'startCreating' },
              REVOKE: { target: 'confirmingRevoke', actions: 'assignRevoking' },
            },
          },
          creating: {
            description: 'The create dialog: a name and a lifetime, read-only statistics',
            initial: 'editing',
            states: {
              editing: {
                description: 'Filling in the token; Create needs a name',
                on: {
                  CLOSE: '#apiTokens.ready.idle',
                  EDIT: { actions: 'editDraft' },
                  SAVE: { guard: 'canCreate', target: 'saving' },
                },
              },
              saving: {
                // No CLOSE: a token created while its dialog closed would never be shown.
                description: 'Waiting for the server to create the token',
                tags: 'saving',
                invoke: {
                  id: 'createApiToken',
                  src: 'createApiToken',
                  input: ({ context }) => tokenInput(context.draft),
                  onDone: {
                    target: '#apiTokens.ready.shown',
                    actions: {
                      type: 'assignCreated',
                      params: ({ event }) => ({ reply: event.output }),
                    },
                  },
                  onError: {
                    target: 'editing',
                    actions: {
                      type: 'assignError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                },
              },
            },
          },
          shown: {
            description: 'The new token, shown this once with a Copy button',
            initial: 'waiting',
            on: { CLOSE: { target: 'idle', actions: 'forgetCreated' } },
            states: {
              waiting: {
                description: 'The token is on screen, not yet copied',
                on: { COPY: 'copying' },
              },
              copying: {
                description: 'Writing the token to the clipboard',
                invoke: {
                  id: 'copyToken',
                  src: 'copyToken',
                  input: ({ context }) => ({ token: context.created ?? '' }),
                  onDone: 'copied',
                  onError: 'copyFailed',
                },
              },
              copied: {
                description: 'The token is on the clipboard; the dialog says so',
                on: { COPY: 'copying' },
              },
              copyFailed: {
                description: 'The browser refused the clipboard; the dialog asks to copy by hand',
                on: { COPY: 'copying' },
              },
            },
          },
          confirmingRevoke: {
            description: 'Asking whether to revoke the token: tools using it stop at once',
            on: {
              CONFIRM: 'revoking',
              CLOSE: { target: 'idle', actions: 'clearRevoking' },
            },
          },
          revoking: {
            description: 'Waiting for the server to revoke the token',
            tags: 'saving',
            invoke: {
              id: 'revokeApiToken',
              src: 'revokeApiToken',
              input: ({ context }) => ({ id: context.revoking?.id ?? 0 }),
              onDone: { target: 'idle', actions: ['markRevoked', 'notifyRevoked'] },
              onError: {
                target: 'idle',
                actions: [
                  'clearRevoking',
                  { type: 'notifyRevokeFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
        },
      },
    },
  });
}

export type ApiTokensMachine = ReturnType<typeof createApiTokensMachine>;
