import { assertEvent, setup } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createSupersetEmbedActors, type SupersetEmbedResult } from './superset-embed.actors';
import { describeNamed } from '../shared/describe-named';

interface SupersetEmbedContext {
  dashboardUuid: string | null;
  dashboardUrl: string | null;
}

export type SupersetEmbedEvent =
  /** The page rendered the element the SDK puts its frame into. */
  { type: 'MOUNTED'; mountPoint: HTMLElement } | SupersetEmbedResult;

/** Embeds the Superset dashboard on the dashboard page; one actor per visit of the page. */
export function createSupersetEmbedMachine(client: ApiClient) {
  const supersetEmbedSetup = setup({
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
  });
  return supersetEmbedSetup.createMachine({
    id: 'supersetEmbed',
    description: "Embeds the workspace's Superset dashboard in the dashboard page, once per visit.",
    meta: describeNamed(supersetEmbedSetup, {
      guards: {},
      actions: {
        logEmbedError:
          'Writes why the embedding failed to the console (the page shows only a short text)',
      },
    }),
    initial: 'awaitingMount',
    context: ({ input }) => input,
    states: {
      awaitingMount: {
        description: 'Waiting for the page to render the element the dashboard goes into',
        on: {
          MOUNTED: 'mounted',
        },
      },
      mounted: {
        description: 'The Superset SDK runs in the element, with a guest token from our server',
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
            description: 'The dashboard is loading in its frame',
            on: {
              EMBEDDED: 'embedded',
              EMBED_FAILED: {
                target: 'failed',
                actions: { type: 'logEmbedError', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          embedded: { description: 'The dashboard is shown' },
          failed: { description: 'The dashboard could not be embedded; the page says so briefly' },
        },
      },
    },
  });
}

export type SupersetEmbedMachine = ReturnType<typeof createSupersetEmbedMachine>;
