import { embedDashboard, type EmbeddedDashboard } from '@superset-ui/embedded-sdk';
import { fromCallback, type EventObject } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';

export interface SupersetEmbedInput {
  dashboardUuid: string | null;
  /** Any URL on the Superset host; its origin is the SDK's `supersetDomain`. */
  dashboardUrl: string | null;
  mountPoint: HTMLElement;
}

export type SupersetEmbedResult = { type: 'EMBEDDED' } | { type: 'EMBED_FAILED'; error: unknown };

function embed(
  input: SupersetEmbedInput,
  host: HTMLElement,
  client: ApiClient,
): Promise<EmbeddedDashboard> {
  if (!input.dashboardUuid || !input.dashboardUrl) {
    return Promise.reject(new Error('The dashboard has no Superset uuid or URL.'));
  }
  return embedDashboard({
    id: input.dashboardUuid,
    // Throws on a malformed URL; the caller turns that into EMBED_FAILED.
    supersetDomain: new URL(input.dashboardUrl).origin,
    mountPoint: host,
    // Asked on every (re)fresh: our server gets a new guest token from Superset each time.
    fetchGuestToken: async () =>
      (await expectData(client.GET('/portal/api/dashboard/guest-token/'))).token,
    dashboardUiConfig: { hideTitle: true },
    iframeTitle: 'Superset dashboard',
  });
}

export function createSupersetEmbedActors(client: ApiClient) {
  return {
    /**
     * Lives as long as the embedded dashboard: stopping it unmounts the frame, which also ends
     * the SDK's token refresh timer.
     */
    embedSuperset: fromCallback<EventObject, SupersetEmbedInput>(({ input, sendBack }) => {
      let stopped = false;
      let embedded: EmbeddedDashboard | null = null;
      // Each attempt gets its own host element: a superseded attempt that settles late (a
      // restarted actor) then clears only its own frame, never the current one.
      const host = input.mountPoint.ownerDocument.createElement('div');
      host.className = 'dashboard-embed-host';
      input.mountPoint.replaceChildren(host);
      const result = Promise.resolve().then(() => embed(input, host, client));
      result.then(
        (dashboard) => {
          if (stopped) return dashboard.unmount();
          embedded = dashboard;
          sendBack({ type: 'EMBEDDED' } satisfies SupersetEmbedResult);
        },
        (error: unknown) => {
          if (!stopped) sendBack({ type: 'EMBED_FAILED', error } satisfies SupersetEmbedResult);
        },
      );
      return () => {
        stopped = true;
        embedded?.unmount();
        host.remove();
      };
    }),
  };
}
