import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import type {
  SupersetEmbedInput,
  SupersetEmbedResult,
} from '../../src/machines/superset-embed/superset-embed.actors';
import { createSupersetEmbedMachine } from '../../src/machines/superset-embed/superset-embed.machine';
import { supersetEmbedView } from '../../src/machines/superset-embed/superset-embed.view';
import { supersetDashboard } from '../support/fixtures';
import { offlineClient } from '../support/offline-client';
import { transitionChecks } from './support/checks';

// The embedded Superset dashboard: when the SDK refuses, the page shows its short failure text
// and the cause goes to the console, where whoever supports the workspace looks for it.

const checks = transitionChecks();
const supersetEmbed = createSupersetEmbedMachine(offlineClient);

afterEach(() => vi.restoreAllMocks());

function start() {
  let settle: (event: SupersetEmbedResult) => void = () => undefined;
  const machine = supersetEmbed.provide({
    actors: {
      embedSuperset: fromCallback<EventObject, SupersetEmbedInput>(({ sendBack }) => {
        settle = sendBack;
      }),
    },
  });
  const input = {
    dashboardUuid: supersetDashboard.dashboard_uuid,
    dashboardUrl: supersetDashboard.dashboard_url,
  };
  const actor = createActor(machine, { input }).start();
  actor.send({ type: 'MOUNTED', mountPoint: document.createElement('div') });
  return { actor, settle: (event: SupersetEmbedResult) => settle(event) };
}

describe('Superset embed: a refusal', () => {
  checks.it(
    supersetEmbed,
    ['logEmbedError'],
    'shows the failure instead of the frame and logs the SDK’s reason to the console',
    () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { actor, settle } = start();
      expect(supersetEmbedView(actor.getSnapshot())).toEqual({ embedding: true, failed: false });
      const refusal = new Error('Guest token refused: 403');
      settle({ type: 'EMBED_FAILED', error: refusal });
      expect(supersetEmbedView(actor.getSnapshot())).toEqual({ embedding: false, failed: true });
      expect(logged).toHaveBeenCalledExactlyOnceWith(
        'Error embedding Superset dashboard:',
        refusal,
      );
    },
  );

  it('an embedded dashboard logs nothing', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, settle } = start();
    settle({ type: 'EMBEDDED' });
    expect(supersetEmbedView(actor.getSnapshot())).toEqual({ embedding: false, failed: false });
    expect(logged).not.toHaveBeenCalled();
  });
});

checks.keep();
