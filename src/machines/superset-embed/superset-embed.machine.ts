import { assertEvent, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createSupersetEmbedActors, type SupersetEmbedResult } from './superset-embed.actors';

interface SupersetEmbedContext {
  dashboardUuid: string | null;
  dashboardUrl: string | null;
}

export type SupersetEmbedEvent =
  /** The page rendered the element the SDK puts its frame into. */
  { type: 'MOUNTED'; mountPoint: HTMLElement } | SupersetEmbedResult;

/** Embeds the Superset dashboard on the dashboard page; one actor per visit of the page. */
export function createSupersetEmbedMachine(client: ApiClient) {
  return setup({
    types: {
      context: {} as SupersetEmbedContext,
      events: {} as SupersetEmbedEvent,
      input: {} as SupersetEmbedContext,
    },
    actors: createSupersetEmbedActors(client),
    actions: {
      // The page shows only a short text; the cause goes to the console (and its breadcrumbs).
      logEmbedError: (_, params: { error: unknown }) => {
        console.error('Error embedding Superset dashboard:', params.error);
      },
    },
  }).createMachine({
    id: 'supersetEmbed',
    initial: 'awaitingMount',
    context: ({ input }) => input,
    states: {
      awaitingMount: {
        on: {
          MOUNTED: 'mounted',
        },
      },
      mounted: {
        // Invoked here, not in `embedding`, so the frame stays while the dashboard is shown.
        invoke: {
          id: 'embedSuperset',
          src: 'embedSuperset',
          input: ({ context, event }) => {
            assertEvent(event, 'MOUNTED');
            return { ...context, mountPoint: event.mountPoint };
          },
        },
        initial: 'embedding',
        states: {
          embedding: {
            on: {
              EMBEDDED: 'embedded',
              EMBED_FAILED: {
                target: 'failed',
                actions: { type: 'logEmbedError', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          embedded: {},
          failed: {},
        },
      },
    },
  });
}

export type SupersetEmbedMachine = ReturnType<typeof createSupersetEmbedMachine>;
