import type { FilteringSettingsReply } from '../../src/api/types';
import { describe } from 'vitest';
import { createActor } from 'xstate';
import { ApiFailure } from '../../src/api/errors';
import { emptyExcludedFilters, type ExcludedFilters } from '../../common/exclusions';
import {
  createExclusionsMachine,
  type ExclusionsEvent,
} from '../../src/machines/metric-adjustments/exclusions.machine';
import {
  ControlledActors,
  describePathTests,
  SimulatedClock,
  type Executors,
} from './support/paths';
import { offlineClient } from '../support/offline-client';

type ExclusionsTestActor = ReturnType<typeof start>['actor'];

/** One stored condition: Address is ceo@bigclient.example (row 1). */
const stored: FilteringSettingsReply = {
  filtering_settings: {
    excluded_filters: {
      ...emptyExcludedFilters(),
      addresses: { is: ['ceo@bigclient.example'], contains: [] },
    },
    internal_domains: [],
  },
  client_domains: { default_domains: ['acme.example'] },
};

function start() {
  const actors = new ControlledActors();
  const clock = new SimulatedClock();
  const machine = createExclusionsMachine(offlineClient).provide({
    actors: {
      loadFilteringSettings: actors.promise<FilteringSettingsReply>('loadFilteringSettings'),
      saveExclusions: actors.promise<FilteringSettingsReply, ExcludedFilters>('saveExclusions'),
    },
    actions: { notifySaved: () => undefined, notifySaveFailed: () => undefined },
  });
  const actor = createActor(machine, { clock, input: { provider: 'G' } }).start();
  return { actor, actors, clock };
}

const send = (actor: ExclusionsTestActor, event: ExclusionsEvent) => actor.send(event);
const executors = {
  ADD_ROW: send,
  REMOVE_ROW: send,
  SET_FIELD: send,
  SET_OPERATOR: send,
  ADD_ITEMS: send,
  REMOVE_ITEM: send,
  SAVE: send,
  RETRY: send,
} satisfies Executors<ExclusionsTestActor, ExclusionsEvent>;

const failure = new ApiFailure({ kind: 'invalid', message: 'Not a valid entry' });

describe('exclusion conditions machine paths', () => {
  describePathTests({
    machine: createExclusionsMachine(offlineClient),
    input: { provider: 'G' },
    events: [
      { type: 'ADD_ROW' },
      { type: 'REMOVE_ROW', id: 1 },
      // Address is → Domain is: the stored address is no domain.
      { type: 'SET_FIELD', id: 1, field: 'domains' },
      { type: 'SET_OPERATOR', id: 1, operator: 'contains' },
      { type: 'ADD_ITEMS', id: 1, items: ['not an address'] },
      { type: 'REMOVE_ITEM', id: 1, item: 'not' },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadFilteringSettings', output: stored },
      { type: 'xstate.error.actor.loadFilteringSettings', error: failure },
      { type: 'xstate.done.actor.saveExclusions', output: stored },
      { type: 'xstate.error.actor.saveExclusions', error: failure },
    ],
    label: (event) => ('field' in event ? `${event.type} ${String(event.field)}` : event.type),
    start,
    executors,
  });
});
