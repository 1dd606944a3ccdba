import { describe, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SupersetEmbedInput } from '../../src/machines/superset-embed/superset-embed.actors';
import {
  createSupersetEmbedMachine,
  type SupersetEmbedEvent,
} from '../../src/machines/superset-embed/superset-embed.machine';
import { supersetDashboard } from '../support/fixtures';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type EmbedTestActor = ReturnType<typeof start>['actor'];

const input = {
  dashboardUuid: supersetDashboard.dashboard_uuid,
  dashboardUrl: supersetDashboard.dashboard_url,
};

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createSupersetEmbedMachine(offlineClient).provide({
    actors: { embedSuperset: actors.callback<SupersetEmbedInput>('embedSuperset') },
    // The failure's console.error is the page's business; here it would only add noise.
    actions: { logEmbedError: vi.fn<() => void>() },
  });
  const actor = createActor(machine, { clock, input }).start();
  return { actor, actors, clock };
}

const executors = {
  MOUNTED: (actor, event) => actor.send(event),
  // Sent by the embedding actor, as the SDK settles.
  EMBEDDED: (_, event) => current?.sendBack('embedSuperset', event),
  EMBED_FAILED: (_, event) => current?.sendBack('embedSuperset', event),
} satisfies Executors<EmbedTestActor, SupersetEmbedEvent>;

let current: ControlledActors | undefined;

describe('Superset embed machine paths', () => {
  describePathTests({
    machine: createSupersetEmbedMachine(offlineClient),
    input,
    events: [
      { type: 'MOUNTED', mountPoint: document.createElement('div') },
      { type: 'EMBEDDED' },
      { type: 'EMBED_FAILED', error: new Error('refused') },
    ],
    start: () => {
      const started = start();
      current = started.actors;
      return started;
    },
    executors,
  });
});
